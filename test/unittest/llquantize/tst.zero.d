/* @@nosort */
#pragma D option quiet

/* 0 is under factor^0: it counts in the zero bucket, "0". */
BEGIN
{
	@ = llquantize(0, 10, 0, 3, 10);
	@ = llquantize(0, 10, 0, 3, 10);
	exit(0);
}
