#pragma D option quiet

/* %u of a negative int prints its 32-bit unsigned value. */
BEGIN
{
	printf("%u %u\n", 42, -1);
	exit(0);
}
