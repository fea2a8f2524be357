#pragma D option quiet
#pragma D option printsize=8

/*
 * printsize bounds the bytes print() shows: the members past them are
 * "...", and what was open is closed.
 */
/* @@nosort */

struct s {
	int	a;
	int	b;
	long	c;
};

BEGIN
{
	p = (struct s *)alloca(sizeof (struct s));
	p->a = 1;
	p->b = 2;
	p->c = 3;
	print(p);
	setopt("printsize", "64");
	print(p);
	exit(0);
}
