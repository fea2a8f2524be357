BEGIN
{
	x = "a" ? 1 : 2; /* ERROR D_OP_SCALAR "^operator \?: expression must be of scalar type$" */
}
