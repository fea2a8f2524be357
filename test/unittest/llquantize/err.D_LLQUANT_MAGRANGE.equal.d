/* llquantize() whose high magnitude is not above its low one. */
BEGIN
{
	@ = llquantize(1, 10, 3, 3, 10);
	exit(0);
}
