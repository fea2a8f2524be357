/* @@nosort */
#pragma D option quiet
#pragma D option nspec=3

/*
 * Speculations are independent: records speculated to each, interleaved,
 * come out in order at each one's commit.
 */
BEGIN
{
	a = speculation();
	b = speculation();
	c = speculation();
}

BEGIN { speculate(a); printf("a1\n"); }
BEGIN { speculate(b); printf("b1\n"); }
BEGIN { speculate(c); printf("c1\n"); }
BEGIN { speculate(a); printf("a2\n"); }
BEGIN { speculate(b); printf("b2\n"); }
BEGIN { speculate(c); printf("c2\n"); }
BEGIN { commit(c); }
BEGIN { discard(a); }
BEGIN { printf("between\n"); }
BEGIN { commit(b); }

BEGIN
{
	printf("%d %d %d\n", a, b, c);
	exit(0);
}
