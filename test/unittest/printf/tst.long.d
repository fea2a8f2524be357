#pragma D option quiet

/* %ld and %lu on 64-bit values. */
BEGIN
{
	printf("%ld %lu\n", (long)-3000000000, (unsigned long)3000000000);
	exit(0);
}
