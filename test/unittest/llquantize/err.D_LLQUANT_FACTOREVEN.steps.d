/* llquantize() whose steps per magnitude the factor does not divide. */
BEGIN
{
	@ = llquantize(1, 10, 0, 6, 25);
	exit(0);
}
