BEGIN
{
	trace("a" && 1); /* ERROR D_OP_SCALAR "^operator && requires operands of scalar type$" */
}
