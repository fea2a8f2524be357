#pragma D option quiet

/* Escape sequences in string literals. */
BEGIN
{
	printf("a\tb\\c\"d\"\n");
	exit(0);
}
