#pragma D option quiet

/* Signed division truncates toward zero; the remainder takes the dividend sign. */
BEGIN
{
	x = -17;
	y = 5;
	z = -5;
	printf("%d %d %d %d\n", x / y, x % y, 17 / z, 17 % z);
	exit(0);
}
