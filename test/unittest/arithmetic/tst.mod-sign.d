#pragma D option quiet

/*
 * % follows C's sign rule: the remainder has the sign of the dividend,
 * computed at run time as at compile time; an unsigned operand makes the
 * operation unsigned.
 */
int a, b, c, d;
unsigned int u;

BEGIN
{
	a = 7; b = -7; c = 2; d = -2;
	printf("%d %d %d %d\n", a % c, b % c, a % d, b % d);
	printf("%d %d %d %d\n", 7 % 2, -7 % 2, 7 % -2, -7 % -2);
	a %= d;
	b %= c;
	printf("%d %d\n", a, b);
	u = 7;
	printf("%u %u\n", u % c, (unsigned int)-7 % 3);
	exit(0);
}
