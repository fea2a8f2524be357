/* @@nosort */
#pragma D option quiet

/* llquantize() alongside count(), sum() and quantize() of the same values. */
BEGIN
{
	@c = count();
	@s = sum(1);
	@q = quantize(1);
	@l = llquantize(1, 10, 0, 3, 10);
	@c = count();
	@s = sum(10);
	@q = quantize(10);
	@l = llquantize(10, 10, 0, 3, 10);
	@c = count();
	@s = sum(1040);
	@q = quantize(1040);
	@l = llquantize(1040, 10, 0, 3, 10);
	exit(0);
}
