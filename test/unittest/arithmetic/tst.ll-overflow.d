#pragma D option quiet

/* 64-bit arithmetic wraps. */
long long x;

BEGIN
{
	x = 9223372036854775807LL;
	x = x + 1;
	printf("%d\n", x);
	exit(0);
}
