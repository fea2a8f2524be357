BEGIN
{
	@a = count();
	trunc(@a, 1, 2); /* ERROR D_TRUNC_PROTO "^trunc\( \) prototype mismatch: 3 args passed, no more than 2 expected$" */
}
