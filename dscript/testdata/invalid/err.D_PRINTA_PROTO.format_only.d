BEGIN
{
	printa("%d"); /* ERROR D_PRINTA_PROTO "^printa\( \) prototype mismatch: 1 args passed, 2 expected$" */
}
