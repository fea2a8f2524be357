/* @@nosort */
#pragma D option quiet

/* printa() of an lquantize() aggregation. */
BEGIN
{
	@l = lquantize(4, 0, 8, 2);
	printa(@l);
	exit(0);
}
