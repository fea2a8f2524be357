#pragma D option quiet

/* %hd and %hu on short values. */
BEGIN
{
	printf("%hd %hu\n", (short)-300, (unsigned short)65000);
	exit(0);
}
