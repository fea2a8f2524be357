/* %d with a string argument. */
BEGIN
{
	printf("%d\n", "str");
}
