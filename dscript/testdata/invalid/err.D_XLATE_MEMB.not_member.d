struct xin {
	int a;
};

struct xout {
	int x;
	int y;
};

translator struct xout < struct xin *p > { z = p->a; }; /* ERROR D_XLATE_MEMB "^translator member z is not a member of struct xout$" */

BEGIN
{
	trace(1);
}
