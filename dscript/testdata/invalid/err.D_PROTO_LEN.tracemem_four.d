/* tracemem()'s prototype is "void(@, size_t, [size_t])". */
BEGIN
{
	tracemem(arg0, 8, 4, 2); /* ERROR D_PROTO_LEN "^tracemem\( \) prototype mismatch: 4 args passed, at most 3 expected$" */
}
