/* Exercises: precedence of * / % over + -, left associativity, and parenthesized overrides. */
BEGIN
{
	r1 = 2 + 3 * 4;
	r2 = (2 + 3) * 4;
	r3 = 100 / 10 / 2;
	r4 = 100 / (10 / 2);
	r5 = 7 - 3 - 2;
	r6 = 7 - (3 - 2);
	r7 = 10 % 4 * 3;
	r8 = 10 % (4 * 3);
	r9 = -2 * -3 + -4;
	printf("%d %d %d %d %d %d %d %d %d\n", r1, r2, r3, r4, r5, r6, r7, r8, r9);
}
