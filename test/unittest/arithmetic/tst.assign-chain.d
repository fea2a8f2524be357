#pragma D option quiet

/* Assignment is an expression. */
BEGIN
{
	a = b = 5;
	printf("%d %d\n", a, b);
	exit(0);
}
