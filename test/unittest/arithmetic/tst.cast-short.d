#pragma D option quiet

/* Casts to short truncate and sign-extend. */
BEGIN
{
	x = 70000;
	y = -1;
	printf("%d %d %d\n", (short)x, (unsigned short)y, (short)40000);
	exit(0);
}
