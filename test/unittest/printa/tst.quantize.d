/* @@nosort */
#pragma D option quiet

/* printa() of a quantize() aggregation. */
BEGIN
{
	@q = quantize(4);
	printa(@q);
	exit(0);
}
