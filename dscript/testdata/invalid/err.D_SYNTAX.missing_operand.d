BEGIN
{
	x = ; /* ERROR D_SYNTAX "^syntax error near \x22;\x22$" */
}
