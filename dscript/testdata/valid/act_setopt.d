/* Exercises: setopt() with one argument (boolean option) and two arguments (option=value). */
BEGIN
{
	setopt("quiet");
	setopt("aggsortkey");
	setopt("aggsortrev", "true");
	setopt("switchrate", "10hz");
	setopt("quiet", "false");
}

syscall::read:entry
{
	@[execname] = count();
}
