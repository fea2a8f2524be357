/*
 * llquantize() parameters Oracle's dt_cg_agg_llquantize accepts: steps
 * fewer than the factor that divide it, steps equal to it, and more steps
 * that divide factor^(lmag+1) (factor^2 when lmag is 0); hmag equal to
 * lmag; factor^(hmag+1) at the edge of 64 bits.
 */
BEGIN
{
	@a = llquantize(timestamp, 10, 0, 6, 5);
	@b = llquantize(timestamp, 10, 1, 3, 2);
	@c = llquantize(timestamp, 10, 2, 2, 1);
	@d = llquantize(timestamp, 10, 0, 6, 10);
	@e = llquantize(timestamp, 10, 0, 6, 100);
	@f = llquantize(timestamp, 2, 2, 10, 8);
	@g = llquantize(timestamp, 16, 0, 14, 4);
	@h = llquantize(timestamp, 10, 0, 18, 20);
	@i = llquantize(timestamp, 2, 0, 62, 2);
}
