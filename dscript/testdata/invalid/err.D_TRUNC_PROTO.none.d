BEGIN
{
	trunc(); /* ERROR D_TRUNC_PROTO "^trunc\( \) prototype mismatch: 0 args passed, at least 1 expected$" */
}
