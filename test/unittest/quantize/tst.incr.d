/* @@nosort */
#pragma D option quiet

/* quantize() with an increment. */
BEGIN
{
	@q = quantize(10, 5);
	@q = quantize(1);
	exit(0);
}
