/* @@nosort */
#pragma D option quiet

/* llquantize() with an increment. */
BEGIN
{
	@ = llquantize(15, 10, 0, 3, 10, 4);
	@ = llquantize(250, 10, 0, 3, 10, 2);
	@ = llquantize(3, 10, 0, 3, 10);
	exit(0);
}
