BEGIN
{
	x = 1 +; /* ERROR D_SYNTAX "^syntax error near \x22;\x22$" */
}
