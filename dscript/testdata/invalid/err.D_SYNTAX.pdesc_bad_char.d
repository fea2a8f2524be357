BEGIN@ /* ERROR D_SYNTAX "^syntax error near \x22@\x22$" */
{
	trace(1);
}
