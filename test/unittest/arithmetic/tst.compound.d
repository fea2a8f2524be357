#pragma D option quiet

/* Compound assignment operators. */
BEGIN
{
	x = 10;
	x += 5;
	a = x;
	x -= 3;
	b = x;
	x *= 3;
	c = x;
	x /= 4;
	d = x;
	x %= 5;
	e = x;
	printf("%d %d %d %d %d\n", a, b, c, d, e);
	exit(0);
}
