BEGIN
{
	trace(1, 2); /* ERROR D_PROTO_LEN "^trace\( \) prototype mismatch: 2 args passed, 1 expected$" */
}
