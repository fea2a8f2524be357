/* substr()'s prototype "string(const char *, int, [int])" takes at most 3. */
BEGIN
{
	trace(substr("abc", 1, 2, 3)); /* ERROR D_PROTO_LEN "^substr\( \) prototype mismatch: 4 args passed, at most 3 expected$" */
}
