/* @@nosort */
#pragma D option quiet

/* Values below the base go to the < BASE bucket. */
BEGIN
{
	@l = lquantize(-5, 0, 10);
	exit(0);
}
