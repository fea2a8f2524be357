BEGIN
{
	@a = quantize(1, "x"); /* ERROR D_PROTO_ARG "^quantize\( \) increment value \(argument #2\) must be of scalar type$" */
}
