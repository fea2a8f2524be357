/* printa()'s prototype is "void(@, ...)". */
BEGIN
{
	printa(); /* ERROR D_PROTO_LEN "^printa\( \) prototype mismatch: 0 args passed, at least 1 expected$" */
}
