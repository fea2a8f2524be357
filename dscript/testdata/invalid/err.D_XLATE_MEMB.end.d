/* A translator's errors are reported at its closing "};". */
struct xin {
	int a;
};

struct xout {
	int x;
};

translator struct xout < struct xin *p >
{
	z = p->a;
	x = p->a;
}; /* ERROR D_XLATE_MEMB "^translator member z is not a member of struct xout$" */

BEGIN
{
	trace(1);
}
