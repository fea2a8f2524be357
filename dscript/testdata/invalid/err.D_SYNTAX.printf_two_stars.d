BEGIN
{
	printf("%**d", 1, 2, 3); /* ERROR D_SYNTAX "^format conversion #1 has more than one '\*' specified for the output (precision|width)$" */
}
