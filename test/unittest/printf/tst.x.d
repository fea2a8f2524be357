#pragma D option quiet

/* %x and %X. */
BEGIN
{
	printf("%x %X %x\n", 255, 255, 3054);
	exit(0);
}
