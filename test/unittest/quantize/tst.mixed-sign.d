/* @@nosort */
#pragma D option quiet

/* quantize() of negative, zero and positive values. */
BEGIN
{
	@q = quantize(-3);
	@q = quantize(0);
	@q = quantize(3);
	@q = quantize(3);
	exit(0);
}
