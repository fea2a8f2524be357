BEGIN
{
	@a = count();
	trunc(@a, "x"); /* ERROR D_TRUNC_SCALAR "^trunc\( \) argument #2 must be of scalar type$" */
}
