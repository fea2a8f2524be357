BEGIN
{
	exit(0, 1); /* ERROR D_PROTO_LEN "^exit\( \) prototype mismatch: 2 args passed, 1 expected$" */
}
