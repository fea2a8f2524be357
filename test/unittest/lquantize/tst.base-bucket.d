/* @@nosort */
#pragma D option quiet

/* The value equal to the base goes to the base bucket. */
BEGIN
{
	@l = lquantize(0, 0, 10, 2);
	@l = lquantize(1, 0, 10, 2);
	exit(0);
}
