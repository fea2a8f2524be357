#pragma D option quiet

/* An array keeps its elements from one probe to the next. */
int a[8];

BEGIN
{
	n = 0;
}

tick-10ms
/n < 8/
{
	a[n] = n * n;
	n++;
}

tick-10ms
/n == 8/
{
	printf("%d %d %d %d %d %d %d %d\n", a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);
	exit(0);
}
