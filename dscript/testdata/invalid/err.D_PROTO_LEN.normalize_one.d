BEGIN
{
	@a = count();
	normalize(@a); /* ERROR D_PROTO_LEN "^normalize\( \) prototype mismatch: 1 arg passed, 2 expected$" */
}
