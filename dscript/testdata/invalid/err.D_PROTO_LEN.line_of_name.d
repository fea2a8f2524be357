/* A call's errors are at its name's line: the call node is the name's. */
BEGIN
{
	trace(strlen( /* ERROR D_PROTO_LEN "^strlen\( \) prototype mismatch: 2 args passed, 1 expected$" */
	    "a",
	    "b"));
}
