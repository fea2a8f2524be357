/* A member of an incompatible type is refused at the translator's "};". */
struct xin {
	int a;
};

struct xout {
	int x;
};

translator struct xout < struct xin *p >
{
	x = "s";
}
; /* ERROR D_XLATE_INCOMPAT "^translator member x definition uses incompatible types: \x22int\x22 = \x22string\x22$" */

BEGIN
{
	trace(1);
}
