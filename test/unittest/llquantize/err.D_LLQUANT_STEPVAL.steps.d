/* llquantize() whose steps, more than the factor, are no multiple of it. */
BEGIN
{
	@ = llquantize(1, 10, 0, 6, 25);
	exit(0);
}
