struct xin {
	int a;
};

struct xout {
	int x;
	int y;
};

translator struct xout < struct xin *p > { x = p->a; };

BEGIN
{
	trace(xlate <struct xout> ((struct xin *)0).y); /* ERROR D_XLATE_NOCONV "^translator does not define conversion for member: y$" */
}
