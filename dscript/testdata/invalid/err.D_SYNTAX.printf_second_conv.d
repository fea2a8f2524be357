BEGIN
{
	printf("%d %y", 1, 2); /* ERROR D_SYNTAX "^format conversion #2 is undefined: %y$" */
}
