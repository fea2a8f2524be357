#pragma D option quiet

/* Assigning a struct copies it: later changes to either leave the other alone. */
struct pair {
	int a;
	long long b;
	char tag[4];
};

struct pair x;
struct pair y;

BEGIN
{
	x.a = 1;
	x.b = 2;
	x.tag[0] = 'x';
	y = x;
	x.a = 10;
	y.b = 20;
	printf("%d %d %s %d %d %s\n", x.a, x.b, x.tag, y.a, y.b, y.tag);
	exit(0);
}
