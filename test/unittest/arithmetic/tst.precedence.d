#pragma D option quiet

/* Operator precedence and associativity. */
BEGIN
{
	printf("%d %d %d %d %d\n", 2 + 3 * 4, (2 + 3) * 4, 10 - 4 - 3, 100 / 10 / 5, 2 * 3 % 4);
	exit(0);
}
