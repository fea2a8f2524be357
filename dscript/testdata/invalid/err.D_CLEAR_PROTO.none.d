BEGIN
{
	clear(); /* ERROR D_CLEAR_PROTO "^clear\( \) prototype mismatch: 0 args passed, 1 expected$" */
}
