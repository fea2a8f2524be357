#pragma D option quiet

/* Pre- and post-increment and decrement. */
BEGIN
{
	x = 5;
	a = x++;
	b = ++x;
	c = x--;
	d = --x;
	printf("%d %d %d %d %d\n", a, b, c, d, x);
	exit(0);
}
