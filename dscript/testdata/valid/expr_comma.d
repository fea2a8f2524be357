/* Exercises: the comma operator in expression statements and inside parentheses. */
BEGIN
{
	a = 1, b = 2, c = 3;
	d = (a++, b++, a + b);
	e = (0, 1, 2);
	printf("%d %d %d %d %d\n", a, b, c, d, e);
}
