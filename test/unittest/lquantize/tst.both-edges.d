/* @@nosort */
#pragma D option quiet

/* Underflow and overflow together. */
BEGIN
{
	@l = lquantize(-1, 0, 3);
	@l = lquantize(1, 0, 3);
	@l = lquantize(3, 0, 3);
	exit(0);
}
