/* @@nosort */
#pragma D option quiet

/* llquantize() of a few values, factor 10, magnitudes 0 to 6, 20 steps. */
BEGIN
{
	@ = llquantize(1, 10, 0, 6, 20);
	@ = llquantize(7, 10, 0, 6, 20);
	@ = llquantize(42, 10, 0, 6, 20);
	@ = llquantize(42, 10, 0, 6, 20);
	@ = llquantize(1234, 10, 0, 6, 20);
	exit(0);
}
