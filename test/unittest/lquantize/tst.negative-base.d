/* @@nosort */
#pragma D option quiet

/* A negative base. */
BEGIN
{
	@l = lquantize(-7, -10, 10, 5);
	@l = lquantize(0, -10, 10, 5);
	@l = lquantize(3, -10, 10, 5);
	exit(0);
}
