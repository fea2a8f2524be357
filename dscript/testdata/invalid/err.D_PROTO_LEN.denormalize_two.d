BEGIN
{
	@a = count();
	denormalize(@a, 2); /* ERROR D_PROTO_LEN "^denormalize\( \) prototype mismatch: 2 args passed, 1 expected$" */
}
