#pragma D option quiet

/*
 * print(*p) prints what p points to as print(p) does, and print(p->s),
 * a kernel struct's member, as print(&p->s) does: illumos's print()
 * takes such values, and Oracle's pointer-only prototype is a limit of
 * its implementation, whose record is what the pointer points to anyway.
 */
/* @@nosort */

struct inner {
	int	x;
	long	y;
};

struct s {
	long		a;	/* a long: DTrace aligns in as its first member, so in.y is 8-aligned */
	struct inner	in;
};

BEGIN
{
	v = (struct s *)alloca(sizeof (struct s));
	v->a = 42;
	v->in.x = -1;
	v->in.y = 7;
	print(*v);
	print(curthread->fs->root);
	print(&curthread->fs->root);
	print(*(&curthread->fs->root));
	exit(0);
}
