BEGIN
{
	x = 1 << "a"; /* ERROR D_OP_INT "^operator << requires operands of integral type$" */
}
