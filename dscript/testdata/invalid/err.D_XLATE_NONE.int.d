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
	trace(xlate <struct xout> (1).x); /* ERROR D_XLATE_NONE "^cannot translate from \x22int\x22 to \x22struct xout\x22$" */
}
