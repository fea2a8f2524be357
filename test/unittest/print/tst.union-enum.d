#pragma D option quiet

/*
 * print() of a union (every member shown, each from the same bytes), of an
 * enum whose value has no name, of a struct whose last member is a
 * nested struct, and of a struct of zeros.
 */
/* @@nosort */

enum e { ONE = 1, TWO };

union u {
	int		i;
	unsigned short	h[2];
};

struct last {
	enum e		e;
	struct {
		int	q;
	}		anon;
};

BEGIN
{
	u = (union u *)alloca(sizeof (union u));
	u->i = 0x10002;
	print(u);

	l = (struct last *)alloca(sizeof (struct last));
	l->e = 7;
	l->anon.q = 9;
	print(l);

	z = (struct last *)alloca(sizeof (struct last));
	print(z);
	exit(0);
}
