#pragma D option quiet

/* Several statements in each branch. */
BEGIN
{
	x = 2;
	if (x == 2) {
		a = 1;
		b = 2;
		c = a + b;
	} else {
		c = 0;
	}
	printf("%d\n", c);
	exit(0);
}
