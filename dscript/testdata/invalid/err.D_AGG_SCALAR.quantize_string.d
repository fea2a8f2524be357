BEGIN
{
	@a = quantize("x"); /* ERROR D_AGG_SCALAR "^quantize\( \) argument #1 must be of scalar type$" */
}
