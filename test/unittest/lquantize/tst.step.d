/* @@nosort */
#pragma D option quiet

/* lquantize() with step 10. */
BEGIN
{
	@l = lquantize(15, 0, 100, 10);
	@l = lquantize(25, 0, 100, 10);
	@l = lquantize(25, 0, 100, 10);
	exit(0);
}
