/* @@nosort */
#pragma D option quiet

/* Formatted printa() of a quantize() aggregation. */
BEGIN
{
	@q = quantize(4);
	printa("q:%@d\n", @q);
	exit(0);
}
