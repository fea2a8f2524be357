/* @@nosort */
#pragma D option quiet

/* quantize() keyed by an int. */
BEGIN
{
	@q[7] = quantize(100);
	exit(0);
}
