/* substr() needs its required arguments: at least 2. */
BEGIN
{
	trace(substr("abc")); /* ERROR D_PROTO_LEN "^substr\( \) prototype mismatch: 1 arg passed, at least 2 expected$" */
}
