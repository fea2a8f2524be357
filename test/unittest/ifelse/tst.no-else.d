#pragma D option quiet

/* if without else. */
BEGIN
{
	y = 0;
	x = 9;
	if (x == 9) {
		y = 99;
	}
	printf("%d\n", y);
	exit(0);
}
