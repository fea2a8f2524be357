/* Exercises: integer constant suffixes u, U, l, L, ul, UL, ll, LL, ull, ULL on dec/oct/hex. */
BEGIN
{
	a = 10u;
	b = 10U;
	c = 10l;
	d = 10L;
	e = 10ul;
	f = 10UL;
	g = 10ll;
	h = 10LL;
	i = 10ull;
	j = 10ULL;
	k = 0x10ul;
	l = 017ull;
	m = 0xffffffffffffffffULL;
	trace(a + b + c + d + e + f + g + h + i + j + k + l);
	trace(m);
}
