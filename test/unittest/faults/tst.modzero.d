#pragma D option quiet

/* Modulo by zero faults too, signed or unsigned. */
BEGIN
{
	z = 0;
	x = -7 % z;
}

BEGIN
{
	u = (unsigned long)0;
	y = (unsigned long)7 % u;
}

BEGIN
{
	printf("%d %d\n", x, y);
	exit(0);
}
