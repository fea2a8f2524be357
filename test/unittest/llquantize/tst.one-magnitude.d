/* @@nosort */
#pragma D option quiet

/*
 * A high magnitude equal to the low one: one order of magnitude, 10 to
 * 100 in steps of 10, between "< 10" and ">= 100".
 */
BEGIN
{
	@ = llquantize(5, 10, 1, 1, 10);
	@ = llquantize(35, 10, 1, 1, 10);
	@ = llquantize(100, 10, 1, 1, 10);
	exit(0);
}
