#pragma D option quiet

/* A cleared aggregation printed at exit shows zero. */
BEGIN
{
	@a["x"] = sum(5);
	clear(@a);
	exit(0);
}
