/* @@nosort */
#pragma D option quiet

/* quantize() of negative values. */
BEGIN
{
	@q = quantize(-1);
	@q = quantize(-5);
	exit(0);
}
