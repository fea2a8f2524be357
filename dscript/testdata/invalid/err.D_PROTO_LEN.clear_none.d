/* clear() takes exactly one argument (prototype "void(@)"). */
BEGIN
{
	clear(); /* ERROR D_PROTO_LEN "^clear\( \) prototype mismatch: 0 args passed, 1 expected$" */
}
