#pragma D option quiet

/* Casts from 64 to 32 bits truncate. */
long long x;

BEGIN
{
	x = 0x100000005LL;
	printf("%d %d\n", (int)x, (int)(x >> 32));
	exit(0);
}
