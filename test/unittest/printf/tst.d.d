#pragma D option quiet

/* %d and %i. */
BEGIN
{
	printf("%d %i %d\n", 42, -42, 0);
	exit(0);
}
