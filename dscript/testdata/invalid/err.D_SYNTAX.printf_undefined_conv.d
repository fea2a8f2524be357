BEGIN
{
	printf("%v"); /* ERROR D_SYNTAX "^format conversion #1 is undefined: %v$" */
}
