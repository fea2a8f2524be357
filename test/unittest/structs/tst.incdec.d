#pragma D option quiet

/* Increment, decrement and compound assignment of members. */
struct ctr {
	int n;
	unsigned char small;
	long long total;
};

struct ctr c;

BEGIN
{
	c.n++;
	++c.n;
	c.n--;
	c.small = 255;
	c.small++;
	c.total += 10;
	c.total *= 3;
	c.total -= c.n;
	x = c.n++;
	printf("%d %d %d %d\n", c.n, c.small, c.total, x);
	exit(0);
}
