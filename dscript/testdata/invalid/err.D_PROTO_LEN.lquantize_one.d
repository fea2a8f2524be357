BEGIN
{
	@a = lquantize(1); /* ERROR D_PROTO_LEN "^lquantize\( \) prototype mismatch: 1 arg passed, at least 3 expected$" */
}
