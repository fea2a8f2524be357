/* @@nosort */
#pragma D option quiet

/* quantize() of a large value. */
BEGIN
{
	@q = quantize(1000000);
	exit(0);
}
