#pragma D option quiet

/* if with a true condition takes the then-branch. */
BEGIN
{
	x = 5;
	if (x > 3) {
		y = 1;
	} else {
		y = 2;
	}
	printf("%d\n", y);
	exit(0);
}
