BEGIN
{
	@a = sum("x"); /* ERROR D_AGG_SCALAR "^sum\( \) argument #1 must be of scalar type$" */
}
