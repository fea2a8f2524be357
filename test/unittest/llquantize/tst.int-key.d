/* @@nosort */
#pragma D option quiet

/*
 * llquantize() keyed by ints, all with the same weighted sum: the one with
 * more under factor^low sorts last, the others by key.
 */
BEGIN
{
	@[3] = llquantize(20, 10, 0, 3, 10);
	@[3] = llquantize(0, 10, 0, 3, 10);
	@[1] = llquantize(20, 10, 0, 3, 10);
	@[2] = llquantize(20, 10, 0, 3, 10);
	exit(0);
}
