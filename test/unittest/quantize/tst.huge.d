/* @@nosort */
#pragma D option quiet

/* quantize() of a 64-bit value. */
BEGIN
{
	@q = quantize(1LL << 40);
	exit(0);
}
