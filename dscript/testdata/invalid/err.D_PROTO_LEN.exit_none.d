BEGIN
{
	exit(); /* ERROR D_PROTO_LEN "^exit\( \) prototype mismatch: 0 args passed, 1 expected$" */
}
