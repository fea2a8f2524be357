/* @@nosort */
#pragma D option quiet

/* Values at or over factor^(high+1) count in the ">= 1000" bucket. */
BEGIN
{
	@ = llquantize(999, 10, 0, 2, 10);
	@ = llquantize(1000, 10, 0, 2, 10);
	@ = llquantize(5000, 10, 0, 2, 10);
	exit(0);
}
