/* @@nosort */
#pragma D option quiet

/*
 * Values under factor^low count in the zero bucket, "abs() < 1000" as a
 * row below it ("-1000") is shown.
 */
BEGIN
{
	@ = llquantize(1, 10, 3, 5, 10);
	@ = llquantize(50, 10, 3, 5, 10);
	@ = llquantize(999, 10, 3, 5, 10);
	@ = llquantize(1000, 10, 3, 5, 10);
	exit(0);
}
