/* @@nosort */
#pragma D option quiet

/* Values under factor^low count in the "< 1000" bucket. */
BEGIN
{
	@ = llquantize(1, 10, 3, 5, 10);
	@ = llquantize(50, 10, 3, 5, 10);
	@ = llquantize(999, 10, 3, 5, 10);
	@ = llquantize(1000, 10, 3, 5, 10);
	exit(0);
}
