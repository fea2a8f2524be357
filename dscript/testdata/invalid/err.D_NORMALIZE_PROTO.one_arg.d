BEGIN
{
	@a = count();
	normalize(@a); /* ERROR D_NORMALIZE_PROTO "^normalize\( \) prototype mismatch: 1 args passed, 2 expected$" */
}
