#pragma D option quiet

/* The five arithmetic operators on variables. */
BEGIN
{
	a = 7;
	b = 3;
	printf("%d %d %d %d %d\n", a + b, b - a, a * b, a / b, a % b);
	exit(0);
}
