/* @@nosort */
#pragma D option quiet

/* lquantize() with step 1. */
BEGIN
{
	@l = lquantize(3, 0, 10);
	@l = lquantize(3, 0, 10);
	@l = lquantize(5, 0, 10);
	exit(0);
}
