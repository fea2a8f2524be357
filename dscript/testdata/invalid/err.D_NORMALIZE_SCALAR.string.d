BEGIN
{
	@a = count();
	normalize(@a, "x"); /* ERROR D_NORMALIZE_SCALAR "^normalize\( \) argument #2 must be of scalar type$" */
}
