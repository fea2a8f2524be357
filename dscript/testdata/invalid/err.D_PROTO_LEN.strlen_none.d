BEGIN
{
	x = strlen(); /* ERROR D_PROTO_LEN "^strlen\( \) prototype mismatch: 0 args passed, 1 expected$" */
}
