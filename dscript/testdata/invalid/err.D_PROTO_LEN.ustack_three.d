BEGIN
{
	ustack(1, 2, 3); /* ERROR D_PROTO_LEN "^ustack\( \) prototype mismatch: 3 args passed, at most 2 expected$" */
}
