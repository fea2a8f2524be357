#pragma D option quiet

/* Casts to char truncate and sign-extend. */
BEGIN
{
	x = 300;
	y = 200;
	printf("%d %d %d\n", (char)x, (char)y, (unsigned char)y);
	exit(0);
}
