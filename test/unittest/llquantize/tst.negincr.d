/* @@nosort */
#pragma D option quiet

/* Negative increments: bars both sides of the line, or left of it only. */
BEGIN
{
	@a = llquantize(5, 10, 0, 3, 10, -2);
	@a = llquantize(50, 10, 0, 3, 10, 3);
	@b = llquantize(20, 10, 0, 3, 10, -1);
	@b = llquantize(20, 10, 0, 3, 10, -1);
	@b = llquantize(700, 10, 0, 3, 10, -2);
	exit(0);
}
