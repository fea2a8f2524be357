BEGIN
{
	trace(~"a"); /* ERROR D_OP_INT "^operator ~ requires an operand of integral type$" */
}
