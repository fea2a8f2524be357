BEGIN
{
	@a = avg("x"); /* ERROR D_AGG_SCALAR "^avg\( \) argument #1 must be of scalar type$" */
}
