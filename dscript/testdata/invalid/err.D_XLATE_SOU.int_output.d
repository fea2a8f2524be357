struct xin {
	int a;
};

struct xout {
	int x;
	int y;
};

translator int < struct xin *p > { x = p->a; }; /* ERROR D_XLATE_SOU "^translator output type must be a struct or union$" */

BEGIN
{
	trace(1);
}
