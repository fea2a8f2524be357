#pragma D option quiet

/*
 * Aggregations keyed by arrays and structs hold their values' bytes: a char
 * array prints as its string, a struct as its bytes.
 */
struct pair {
	char tag[8];
	int n;
};

struct pair p;
char buf[16];

BEGIN
{
	buf[0] = 'h';
	buf[1] = 'i';
	@a[buf] = count();
	@a[buf] = count();
	buf[1] = 'o';
	@a[buf] = count();
	@a[curthread->comm] = count();
	p.tag[0] = 'A';
	p.n = 7;
	@b[p] = count();
	@c[p.tag, 3] = sum(5);
	exit(0);
}
