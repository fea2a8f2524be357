/* @@nosort */
#pragma D option quiet

/* lquantize() with an increment. */
BEGIN
{
	@l = lquantize(5, 0, 10, 1, 3);
	exit(0);
}
