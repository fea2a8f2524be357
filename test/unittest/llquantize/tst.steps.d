/* @@nosort */
#pragma D option quiet

/*
 * More steps per magnitude than the factor: 20 steps of factor 10 are unit
 * steps under 10 (each bucket followed by a ghost no integer falls in,
 * which has no row), then steps of 5 and of 50. Fewer steps than the
 * factor, which Oracle's DTrace for Linux accepts when they divide it: 5
 * steps of factor 10 from 10 on are 10 up to 20, then steps of 20 and of
 * 200.
 */
BEGIN
{
	@a = llquantize(1, 10, 0, 2, 20);
	@a = llquantize(9, 10, 0, 2, 20);
	@a = llquantize(10, 10, 0, 2, 20);
	@a = llquantize(14, 10, 0, 2, 20);
	@a = llquantize(15, 10, 0, 2, 20);
	@a = llquantize(99, 10, 0, 2, 20);
	@a = llquantize(100, 10, 0, 2, 20);
	@a = llquantize(149, 10, 0, 2, 20);
	@a = llquantize(950, 10, 0, 2, 20);
	@a = llquantize(999, 10, 0, 2, 20);
	@b = llquantize(15, 10, 1, 2, 5);
	@b = llquantize(25, 10, 1, 2, 5);
	@b = llquantize(99, 10, 1, 2, 5);
	@b = llquantize(100, 10, 1, 2, 5);
	@b = llquantize(999, 10, 1, 2, 5);
	exit(0);
}
