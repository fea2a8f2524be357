/* @@nosort */
#pragma D option quiet

/* Negative values count in the bucket under factor^low. */
BEGIN
{
	@ = llquantize(-1, 10, 0, 3, 10);
	@ = llquantize(-1000000, 10, 0, 3, 10);
	@ = llquantize(3, 10, 0, 3, 10);
	exit(0);
}
