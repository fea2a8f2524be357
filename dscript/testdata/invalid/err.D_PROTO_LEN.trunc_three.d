BEGIN
{
	@a = count();
	trunc(@a, 1, 2); /* ERROR D_PROTO_LEN "^trunc\( \) prototype mismatch: 3 args passed, at most 2 expected$" */
}
