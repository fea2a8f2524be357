/* @@nosort */
#pragma D option quiet

/* quantize() keyed by a string. */
BEGIN
{
	@q["a"] = quantize(3);
	exit(0);
}
