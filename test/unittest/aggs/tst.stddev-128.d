#pragma D option quiet

/*
 * stddev() squares its values in 128 bits: values of 2^32 and more (times
 * in nanoseconds over 4.3 s), negative ones included.
 */
BEGIN
{
	@one = stddev(4294967296);
	@big = stddev(5000000000);
	@big = stddev(5000000100);
	@big = stddev(5000000200);
	@big = stddev(5000000300);
	@neg = stddev(-5000000000);
	@neg = stddev(-5000000100);
	@neg = stddev(-5000000200);
	@neg = stddev(-5000000300);
	@wide = stddev(-4294967296);
	@wide = stddev(4294967296);
	printa("%@d %@d %@d %@d\n", @one, @big, @neg, @wide);
	exit(0);
}
