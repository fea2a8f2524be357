#pragma D option quiet

/*
 * trace() of an array, a struct or a union records its bytes, which are
 * printed as tracemem() prints them, as DTrace for Linux prints a value
 * recorded by reference; a char array too (D's strings are not arrays).
 */
struct pt { int x; int y; };
union u { int i; char c[4]; };
int a[3];
char name[6];
struct pt p;
union u un;

BEGIN
{
	a[0] = 1; a[1] = 0x0102; a[2] = -1;
	name[0] = 'd'; name[1] = '\t'; name[2] = 'x';
	p.x = 7; p.y = 8;
	un.i = 0x41424344;
	this->p = (struct pt *)alloca(sizeof (struct pt));
	this->p->x = 9;
	trace(a);
	trace(name);
	trace(p);
	trace(un);
	trace(*this->p);
	printf("\n%s|\n", name);
	exit(0);
}
