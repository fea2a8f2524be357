/* Exercises: relational and equality operators and their precedence relative to shifts and bitwise ops. */
BEGIN
{
	a = 3;
	b = 7;
	printf("%d %d %d %d %d %d\n", a < b, a > b, a <= b, a >= b, a == b, a != b);
	printf("%d\n", a < b == 1);
	printf("%d\n", (a & 1) == 1);
	printf("%d\n", a & 1 == 1);
	printf("%d\n", 1 << 2 < 5);
}
