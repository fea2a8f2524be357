#pragma D option quiet

/* Signed 64-bit multiply, divide, modulo. */
BEGIN
{
	x = (long long)-5;
	y = (long long)3;
	printf("%d %d %d\n", x * y, x / y, x % y);
	exit(0);
}
