BEGIN
{
	trace("a" "b" /* ERROR D_SYNTAX "^syntax error near \x22\x22b\x22\x22$" */);
}
