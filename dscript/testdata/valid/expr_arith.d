/* Exercises: binary arithmetic operators + - * / % and unary + - on integers. */
BEGIN
{
	a = 17;
	b = 5;
	printf("%d %d %d %d %d\n", a + b, a - b, a * b, a / b, a % b);
	printf("%d %d %d\n", -a, +b, -(-a));
}
