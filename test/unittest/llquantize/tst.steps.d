/* @@nosort */
#pragma D option quiet

/*
 * More steps per magnitude than the factor: 20 steps of factor 10 are unit
 * steps under 10 (each bucket followed by a ghost no integer falls in,
 * which has no row), then steps of 5 and of 50; 8 steps of factor 2 are
 * unit steps under 8, then steps of 2, 4, 8. (@b has ghost buckets past
 * magnitude 0 too; their rows follow the same rule.)
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
	@b = llquantize(1, 2, 0, 5, 8);
	@b = llquantize(2, 2, 0, 5, 8);
	@b = llquantize(3, 2, 0, 5, 8);
	@b = llquantize(5, 2, 0, 5, 8);
	@b = llquantize(6, 2, 0, 5, 8);
	@b = llquantize(7, 2, 0, 5, 8);
	@b = llquantize(12, 2, 0, 5, 8);
	@b = llquantize(13, 2, 0, 5, 8);
	@b = llquantize(40, 2, 0, 5, 8);
	@b = llquantize(63, 2, 0, 5, 8);
	@b = llquantize(64, 2, 0, 5, 8);
	exit(0);
}
