#pragma D option quiet

/*
 * Bit-fields are laid out as DTrace's CTF library lays out the members it
 * adds: each an integer of the fewest bytes in a power of two that hold
 * it, starting at a byte (the first after the bits before it, rounded up
 * to that size); a struct ends at its last member, with no padding after
 * it; "int : 0" is ignored.
 */

struct a {
	int	x:3;
	int	y:5;
	char	c;
	int	d:20;
	long	e:40;
};

struct b {
	char	c;
	int	f:3;
};

struct c {
	long	l;
	int	f:12;
	int	:0;
	char	z;
};

union u {
	int	s:3;
	long	l:40;
};

struct a x;

BEGIN
{
	printf("%d %d %d %d\n", sizeof (struct a), offsetof(struct a, c),
	    sizeof (struct b), sizeof (union u));
	printf("%d %d\n", sizeof (struct c), offsetof(struct c, z));
	x.x = 7;
	x.y = 31;
	x.c = 'A';
	x.d = 0xfffff;
	x.e = 0x1234567890;
	printf("%d %d %c %x %x\n", x.x, x.y, x.c, x.d, x.e);
	trace(x);
	exit(0);
}
