#pragma D option quiet

/* stddev() of a single value is 0. */
BEGIN
{
	@s = stddev(12345);
	exit(0);
}
