/* @@nosort */
#pragma D option quiet

/* A range not divisible by the step: the top bucket is base + levels * step. */
BEGIN
{
	@l = lquantize(9, 0, 10, 3);
	@l = lquantize(7, 0, 10, 3);
	exit(0);
}
