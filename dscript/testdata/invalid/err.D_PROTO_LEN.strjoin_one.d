BEGIN
{
	x = strjoin("a"); /* ERROR D_PROTO_LEN "^strjoin\( \) prototype mismatch: 1 arg passed, 2 expected$" */
}
