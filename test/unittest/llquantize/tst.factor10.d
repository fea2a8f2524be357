/* @@nosort */
#pragma D option quiet

/* Factor 10 from magnitude 2: steps of 100, 1000, 10000. */
BEGIN
{
	@ = llquantize(100, 10, 2, 4, 10);
	@ = llquantize(250, 10, 2, 4, 10);
	@ = llquantize(999, 10, 2, 4, 10);
	@ = llquantize(5000, 10, 2, 4, 10);
	@ = llquantize(99999, 10, 2, 4, 10);
	exit(0);
}
