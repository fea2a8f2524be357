BEGIN
{
	printf("abc %"); /* ERROR D_SYNTAX "^format conversion #1 name expected before end of format string$" */
}
