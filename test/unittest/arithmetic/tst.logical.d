#pragma D option quiet

/* Logical and, or, xor. */
BEGIN
{
	t = 1;
	f = 0;
	printf("%d %d %d %d %d %d\n", t && f, t || f, f ^^ t, t ^^ t, f || f, t && 5);
	exit(0);
}
