#pragma D option quiet

/* An index out of the bounds of a D array faults, for reads and writes. */
int a[4];

BEGIN
{
	i = 4;
	trace(a[i]);
}

BEGIN
{
	i = -1;
	a[i] = 1;
}

BEGIN
{
	printf("%d %d\n", a[0], a[3]);
	exit(0);
}
