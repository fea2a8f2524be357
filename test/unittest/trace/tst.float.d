#pragma D option quiet

/*
 * trace() records a float or a double by its bits, and prints them as an
 * unsigned integer of the value's size, as DTrace's dt_print_trace prints
 * any value of a type that is not signed; an aggregation key of such a
 * type prints the same way. A struct member and a D global of these types
 * read as other values do.
 */
struct pt {
	float	x;
	double	y;
};

struct pt p;
double zero;

BEGIN
{
	d = (double *)alloca(8);
	*(uint64_t *)d = 0x400921fb54442d18;	/* pi */
	f = (float *)alloca(4);
	*(uint32_t *)f = 0x3fc00000;		/* 1.5 */
	trace(*d);
	printf("\n");
	trace(*f);
	printf("\n");
	trace(p.x);
	trace(p.y);
	trace(zero);
	printf("\n");
	printf("%g %g %g\n", *d, p.x, p.y);
	@[*f] = sum(2);
	exit(0);
}
