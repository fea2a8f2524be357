#pragma D option quiet

/* Hexadecimal, octal and character constants. */
BEGIN
{
	printf("%d %d %d %d\n", 0x1F, 017, 'A', '\n');
	exit(0);
}
