BEGIN
{
	@a = lquantize(1); /* ERROR D_PROTO_LEN "^lquantize\( \) prototype mismatch: 1 arg passed, 3 expected$" */
}
