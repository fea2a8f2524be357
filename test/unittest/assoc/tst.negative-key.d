#pragma D option quiet

/* Negative integer keys. */
BEGIN
{
	a[-1] = 7;
	a[1] = 9;
	printf("%d %d\n", a[-1], a[1]);
	exit(0);
}
