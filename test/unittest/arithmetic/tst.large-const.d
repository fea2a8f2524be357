#pragma D option quiet

/* Constants too large for int are long long or unsigned. */
BEGIN
{
	printf("%u %d\n", 0xffffffff, 4294967296);
	exit(0);
}
