#pragma D option quiet

/*
 * Bit-fields of a struct declared in the script: stored in their bits
 * alone (the bytes around them untouched), read back sign-extended for a
 * signed type, truncated to their width by an assignment, compound
 * assignments, ++ and -- included; and through a pointer into alloca'd
 * memory.
 */

struct b {
	int		a:3;
	int		c:5;
	unsigned	d:20;
	char		z;
};

struct b x;

BEGIN
{
	x.z = 7;
	x.a = 3;
	x.c = -2;
	x.d = 0xfffff;
	printf("%d %d %d %d %d\n", x.a, x.c, x.d, x.z, sizeof (x));
	x.a += 1;
	x.d = x.d + 2;
	printf("%d %d %d %d\n", x.a, x.d, x.c, x.z);
	printf("%d\n", x.c = 33);
	x.a = 2;
	printf("%d ", x.a++);
	printf("%d ", x.a);
	printf("%d ", ++x.a);
	x.d = 0;
	printf("%d ", x.d--);
	printf("%d %d\n", x.d, x.z);

	p = (struct b *)alloca(sizeof (struct b));
	p->a = -1;
	p->d = 12345;
	p->z = 'q';
	printf("%d %d %d %c\n", p->a, p->d, p->c, p->z);
	exit(0);
}
