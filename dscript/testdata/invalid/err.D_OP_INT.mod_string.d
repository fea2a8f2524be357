BEGIN
{
	x = "a" % 2; /* ERROR D_OP_INT "^operator % requires operands of integral type$" */
}
