#pragma D option quiet

/* An else-if chain. */
BEGIN
{
	x = 15;
	if (x < 10) {
		y = 1;
	} else if (x < 20) {
		y = 2;
	} else {
		y = 3;
	}
	printf("%d\n", y);
	exit(0);
}
