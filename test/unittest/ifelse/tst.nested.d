#pragma D option quiet

/* Nested if statements. */
BEGIN
{
	a = 1;
	b = 0;
	if (a) {
		if (b) {
			r = 1;
		} else {
			r = 2;
		}
	} else {
		r = 3;
	}
	printf("%d\n", r);
	exit(0);
}
