#pragma D option quiet

/*
 * There is one speculation by default: a second speculation() fails,
 * returns 0 and is reported as a failed speculation.
 */
BEGIN
{
	a = speculation();
	b = speculation();
	printf("%d %d\n", a, b);
	exit(0);
}
