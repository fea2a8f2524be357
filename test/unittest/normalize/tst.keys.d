/* @@nosort */
#pragma D option quiet

/* normalize() with keys. */
BEGIN
{
	@a["x"] = sum(50);
	@a["y"] = sum(120);
	normalize(@a, 10);
	exit(0);
}
