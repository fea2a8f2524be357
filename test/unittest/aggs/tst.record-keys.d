#pragma D option quiet

/*
 * Structs and unions as aggregation keys: a key is a record of the type's
 * size, printed as an integer when that size is an integer's (1, 2, 4 or 8
 * bytes), as a string when it holds one, as bytes otherwise; the same
 * values also key an associative array.
 */

struct two {
	int	a;
	int	b;
};

union four {
	int	i;
	char	c[4];
};

struct twelve {
	int	a;
	int	b;
	int	c;
};

struct two t;
union four f;
struct twelve w;

BEGIN
{
	t.a = 1;
	@two[t] = count();
	t.b = 2;
	@two[t] = count();
	@two[t] = count();

	f.i = 0x4142;
	@four[f] = count();

	w.c = 0x64636261;
	@twelve[w] = count();

	seen[t] = 5;
	printf("%d\n", seen[t]);
	t.b = 3;
	printf("%d %d\n", seen[t], seen[t] == 0);
	exit(0);
}
