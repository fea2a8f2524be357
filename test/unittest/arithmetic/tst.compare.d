#pragma D option quiet

/* Relational and equality operators yield 0 or 1. */
BEGIN
{
	a = 3;
	b = 5;
	printf("%d %d %d %d %d %d\n", a < b, b < a, a <= 3, a >= b, a == 3, a != 3);
	exit(0);
}
