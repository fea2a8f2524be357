#pragma D option quiet

/* %hd and %hhd on short and char values. */
BEGIN
{
	printf("%hd %hhd %hu %hhu\n", (short)-300, (char)-3, (unsigned short)65000, (unsigned char)200);
	exit(0);
}
