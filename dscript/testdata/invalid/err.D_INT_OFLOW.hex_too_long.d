BEGIN
{
	x = 0x1ffffffffffffffff; /* ERROR D_INT_OFLOW "^constant 0x1ffffffffffffffff results in integer overflow$" */
}
