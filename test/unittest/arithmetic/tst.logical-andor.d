#pragma D option quiet

/* Logical and, or. */
BEGIN
{
	t = 1;
	f = 0;
	printf("%d %d %d %d %d\n", t && f, t || f, f || f, t && 5, f || 3);
	exit(0);
}
