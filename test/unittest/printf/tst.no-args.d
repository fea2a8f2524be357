#pragma D option quiet

/* printf with no conversions. */
BEGIN
{
	printf("plain text\n");
	exit(0);
}
