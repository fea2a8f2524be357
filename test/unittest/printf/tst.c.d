#pragma D option quiet

/* %c. */
BEGIN
{
	printf("%c%c%c\n", 68, 0x54, 'r');
	exit(0);
}
