BEGIN
{
	trace(!"a"); /* ERROR D_OP_SCALAR "^operator ! requires an operand of scalar type$" */
}
