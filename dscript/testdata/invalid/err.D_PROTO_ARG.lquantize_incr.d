BEGIN
{
	@a = lquantize(1, 0, 10, 1, "x"); /* ERROR D_PROTO_ARG "^lquantize\( \) increment value \(argument #5\) must be of scalar type$" */
}
