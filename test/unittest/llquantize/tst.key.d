/* @@nosort */
#pragma D option quiet

/* llquantize() keyed by strings: entries in the order of their weighted sums. */
BEGIN
{
	@["big"] = llquantize(5000, 10, 0, 4, 10);
	@["small"] = llquantize(2, 10, 0, 4, 10);
	@["small"] = llquantize(3, 10, 0, 4, 10);
	@["middle"] = llquantize(40, 10, 0, 4, 10);
	@["middle"] = llquantize(1, 10, 0, 4, 10);
	exit(0);
}
