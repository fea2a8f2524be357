/* Exercises: negative constants, unary minus on large and unsigned constants, minimum int64 expression. */
BEGIN
{
	a = -1;
	b = -0x80000000;
	c = -9223372036854775807 - 1;
	d = -1U;
	e = - 5;
	printf("%d %d %d %u %d\n", a, b, c, d, e);
}
