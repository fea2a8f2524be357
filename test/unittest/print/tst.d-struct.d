#pragma D option quiet

/*
 * print() of a struct declared in the script: each member that is not
 * zero on a line of its own, nested structs and arrays opened and
 * closed, enums by name, pointers as addresses, chars as characters.
 */
/* @@nosort */

enum color { RED, GREEN, BLUE };

struct inner {
	int	x;
	long	y;
};

struct s {
	long		a;	/* a long: DTrace aligns in as its first member, so in.y is 8-aligned */
	char		name[8];
	struct inner	in;
	enum color	c;
	int		*p;
	unsigned long	u;
	short		arr[3];
	struct inner	zero;
	unsigned char	uc;
};

BEGIN
{
	v = (struct s *)alloca(sizeof (struct s));
	v->a = 42;
	v->name[0] = 'h';
	v->name[1] = 'i';
	v->in.x = -1;
	v->in.y = 7;
	v->c = BLUE;
	v->p = (int *)0x1234;
	v->u = 0xffffffffffffffff;
	v->arr[0] = 1;
	v->arr[2] = 3;
	v->uc = 200;
	print(v);
	exit(0);
}
