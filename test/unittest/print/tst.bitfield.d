#pragma D option quiet

/*
 * print() of bit-fields: each field's bits, as an unsigned value; a field
 * whose bits are zero is left out.
 */
/* @@nosort */

struct b {
	int		a:3;
	int		c:5;
	unsigned	d:20;
	char		z;
};

BEGIN
{
	p = (struct b *)alloca(sizeof (struct b));
	p->a = -1;
	p->d = 12345;
	p->z = 'q';
	print(p);
	exit(0);
}
