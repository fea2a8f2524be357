#pragma D option quiet

/* The most negative 64-bit value. */
BEGIN
{
	printf("%d\n", (long long)0x8000000000000000ULL);
	exit(0);
}
