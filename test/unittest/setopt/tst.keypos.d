/* @@nosort */
#pragma D option quiet

/* A value option: aggsortkeypos=1 sorts on the second key. */
BEGIN
{
	setopt("aggsortkey");
	setopt("aggsortkeypos", "1");
	@[1, "z"] = count();
	@[2, "y"] = count();
	@[3, "x"] = count();
	exit(0);
}
