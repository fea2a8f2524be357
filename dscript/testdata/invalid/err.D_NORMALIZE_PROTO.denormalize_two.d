BEGIN
{
	@a = count();
	denormalize(@a, 2); /* ERROR D_NORMALIZE_PROTO "^denormalize\( \) prototype mismatch: 2 args passed, 1 expected$" */
}
