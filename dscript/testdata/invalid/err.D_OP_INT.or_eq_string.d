BEGIN
{
	x = "a";
	x |= 1; /* ERROR D_OP_INT "^operator \|= requires operands of integral type$" */
}
