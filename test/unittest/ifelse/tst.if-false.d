#pragma D option quiet

/* if with a false condition takes the else-branch. */
BEGIN
{
	x = 1;
	if (x > 3) {
		y = 1;
	} else {
		y = 2;
	}
	printf("%d\n", y);
	exit(0);
}
