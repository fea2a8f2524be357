/* @@nosort */
#pragma D option quiet

/* quantize() of 1 2 3 4 5 8. */
BEGIN
{
	@q = quantize(1);
	@q = quantize(2);
	@q = quantize(3);
	@q = quantize(4);
	@q = quantize(5);
	@q = quantize(8);
	exit(0);
}
