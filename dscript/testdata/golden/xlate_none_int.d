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
	trace(xlate <struct xout> (1).x);
}
