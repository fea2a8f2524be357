BEGIN
{
	x = 99999999999999999999; /* ERROR D_INT_OFLOW "^constant 99999999999999999999 results in integer overflow$" */
}
