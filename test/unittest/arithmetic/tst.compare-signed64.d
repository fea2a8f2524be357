#pragma D option quiet

/* Signed 64-bit comparisons. */
long long a;

BEGIN
{
	a = -5;
	printf("%d %d %d\n", a < 0, a > -6, a < -9223372036854775807LL);
	exit(0);
}
