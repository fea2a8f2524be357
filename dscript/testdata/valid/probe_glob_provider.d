/* Exercises: glob in the provider field and a module glob. */
sys*:::entry
/execname == "sshd"/
{
	@[probeprov, probefunc] = count();
}

fbt:ext4*::entry
{
	@e[probemod] = count();
}
