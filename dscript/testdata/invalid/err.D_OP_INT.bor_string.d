BEGIN
{
	x = "a" | 1; /* ERROR D_OP_INT "^operator \| requires operands of integral type$" */
}
