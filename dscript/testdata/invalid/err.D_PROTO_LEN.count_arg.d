BEGIN
{
	@a = count(1); /* ERROR D_PROTO_LEN "^count\( \) prototype mismatch: 1 arg passed, 0 expected$" */
}
