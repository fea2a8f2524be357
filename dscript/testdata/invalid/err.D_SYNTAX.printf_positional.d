BEGIN
{
	printf("%1$d", 1); /* ERROR D_SYNTAX "^format conversion #1 uses unsupported positional format \(%n\$\)$" */
}
