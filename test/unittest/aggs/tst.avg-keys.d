#pragma D option quiet

/* avg() per key. */
BEGIN
{
	@a["x"] = avg(10);
	@a["x"] = avg(20);
	@a["y"] = avg(5);
	exit(0);
}
