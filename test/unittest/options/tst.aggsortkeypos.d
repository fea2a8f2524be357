/* @@nosort */
#pragma D option quiet

/* aggsortkeypos=1 sorts by the second key first. */
#pragma D option aggsortkey
#pragma D option aggsortkeypos=1

BEGIN
{
	@[1, "b"] = sum(5);
	@[2, "a"] = sum(5);
	@[3, "c"] = sum(5);
	exit(0);
}
