/* @@nosort */
#pragma D option quiet

/*
 * Negative values count in buckets of their own, below the zero bucket
 * ("0" for magnitude 0): -1 in "-1", -1000000 in "<= -10000".
 */
BEGIN
{
	@ = llquantize(-1, 10, 0, 3, 10);
	@ = llquantize(-1000000, 10, 0, 3, 10);
	@ = llquantize(3, 10, 0, 3, 10);
	exit(0);
}
