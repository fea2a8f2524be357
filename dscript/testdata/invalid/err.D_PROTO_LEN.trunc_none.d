BEGIN
{
	trunc(); /* ERROR D_PROTO_LEN "^trunc\( \) prototype mismatch: 0 args passed, at least 1 expected$" */
}
