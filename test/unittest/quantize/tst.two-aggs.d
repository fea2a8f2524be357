/* @@nosort */
#pragma D option quiet

/* Two quantize() aggregations. */
BEGIN
{
	@a = quantize(2);
	@b = quantize(16);
	exit(0);
}
