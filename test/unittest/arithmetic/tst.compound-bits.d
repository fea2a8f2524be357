#pragma D option quiet

/* Compound shift and bitwise assignment operators. */
BEGIN
{
	x = 3;
	x <<= 4;
	a = x;
	x >>= 2;
	b = x;
	x |= 3;
	c = x;
	x &= 6;
	d = x;
	x ^= 5;
	printf("%d %d %d %d %d\n", a, b, c, d, x);
	exit(0);
}
