#pragma D option quiet

/* %c with a width. */
BEGIN
{
	printf("[%3c][%-3c]\n", 65, 66);
	exit(0);
}
