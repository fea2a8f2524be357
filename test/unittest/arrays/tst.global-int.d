#pragma D option quiet

/* A global int array, written and read with constant and variable indices. */
int a[10];

BEGIN
{
	a[0] = 10;
	a[9] = 90;
	i = 4;
	a[i] = 40;
	a[i + 1] = a[i] + 1;
	printf("%d %d %d %d %d\n", a[0], a[9], a[i], a[5], a[i + 1]);
	exit(0);
}
