/* @@nosort */
#pragma D option quiet

/* quantize() of zeros. */
BEGIN
{
	@q = quantize(0);
	@q = quantize(0);
	@q = quantize(0);
	exit(0);
}
