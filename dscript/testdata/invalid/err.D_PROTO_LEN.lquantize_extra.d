BEGIN
{
	@a = lquantize(1, 0, 10, 1, 1, 1); /* ERROR D_PROTO_LEN "^lquantize\( \) prototype mismatch: 6 args passed, at most 5 expected$" */
}
