/* llquantize() with a factor under two. */
BEGIN
{
	@ = llquantize(1, 1, 0, 6, 10);
	exit(0);
}
