#pragma D option quiet

/* stddev() of 2 4 4 4 5 5 7 9 is 2. */
BEGIN
{
	@s = stddev(2);
	@s = stddev(4);
	@s = stddev(4);
	@s = stddev(4);
	@s = stddev(5);
	@s = stddev(5);
	@s = stddev(7);
	@s = stddev(9);
	exit(0);
}
