BEGIN
{
	x = 18446744073709551615; /* ERROR D_INT_OFLOW "^integer constant 0xffffffffffffffff cannot be represented in any built-in integral type$" */
}
