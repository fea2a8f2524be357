/* @@nosort */
#pragma D option quiet

/* normalize() divides the counts of llquantize() rows, not the bars. */
BEGIN
{
	@ = llquantize(5, 10, 0, 2, 10, 4);
	@ = llquantize(50, 10, 0, 2, 10, 2);
	normalize(@, 2);
	exit(0);
}
