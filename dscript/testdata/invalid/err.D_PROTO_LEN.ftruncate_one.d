BEGIN
{
	ftruncate(1); /* ERROR D_PROTO_LEN "^ftruncate\( \) prototype mismatch: 1 arg passed, 0 expected$" */
}
