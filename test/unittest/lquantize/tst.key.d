/* @@nosort */
#pragma D option quiet

/* lquantize() keyed by a string. */
BEGIN
{
	@l["k"] = lquantize(2, 0, 4);
	exit(0);
}
