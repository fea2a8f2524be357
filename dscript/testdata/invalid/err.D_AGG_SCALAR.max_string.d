BEGIN
{
	@a = max("x"); /* ERROR D_AGG_SCALAR "^max\( \) argument #1 must be of scalar type$" */
}
