#pragma D option quiet

/* Formatted printa() with a string key. */
BEGIN
{
	@["x"] = count();
	printa("%s=%@d\n", @);
	exit(0);
}
