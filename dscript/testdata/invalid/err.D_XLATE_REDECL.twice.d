struct xin {
	int a;
};

struct xout {
	int x;
	int y;
};

translator struct xout < struct xin *p > { x = p->a; };

translator struct xout < struct xin *q > { x = q->a; }; /* ERROR D_XLATE_REDECL "^translator from struct xin \* to struct xout has already been declared$" */

BEGIN
{
	trace(1);
}
