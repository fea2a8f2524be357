/* @@nosort */
#pragma D option quiet

/* Values at or above the limit go to the >= LIMIT bucket. */
BEGIN
{
	@l = lquantize(50, 0, 10);
	exit(0);
}
