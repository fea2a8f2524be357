#pragma D option quiet

/* String equality and ordering compare contents. */
BEGIN
{
	s = "abc";
	t = "abd";
	u = "abc";
	printf("%d %d %d %d %d %d\n", s == u, s != t, s < t, t > s, s == t, s >= u);
	exit(0);
}
