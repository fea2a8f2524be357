BEGIN
{
	x = "a";
	x++; /* ERROR D_OP_SCALAR "^operator \+\+ requires operand of scalar type$" */
}
