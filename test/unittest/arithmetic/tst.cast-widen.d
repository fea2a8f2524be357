#pragma D option quiet

/* Widening a negative int to long long keeps the sign; to unsigned long long it does not. */
BEGIN
{
	x = -2;
	printf("%d %u\n", (long long)x, (unsigned long long)(long long)x);
	exit(0);
}
