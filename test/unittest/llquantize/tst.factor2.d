/* @@nosort */
#pragma D option quiet

/* Factor 2 with 2 steps: one bucket per power of two, as quantize(). */
BEGIN
{
	@ = llquantize(1, 2, 0, 8, 2);
	@ = llquantize(2, 2, 0, 8, 2);
	@ = llquantize(3, 2, 0, 8, 2);
	@ = llquantize(4, 2, 0, 8, 2);
	@ = llquantize(6, 2, 0, 8, 2);
	@ = llquantize(7, 2, 0, 8, 2);
	@ = llquantize(100, 2, 0, 8, 2);
	@ = llquantize(600, 2, 0, 8, 2);
	exit(0);
}
