BEGIN
{
	x = strlen("a", "b"); /* ERROR D_PROTO_LEN "^strlen\( \) prototype mismatch: 2 args passed, 1 expected$" */
}
