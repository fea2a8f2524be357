/* @@nosort */
#pragma D option quiet

/* Empty buckets between used ones are printed. */
BEGIN
{
	@q = quantize(1);
	@q = quantize(64);
	exit(0);
}
