/* @@runtest-opts: -x dynvarsize=64 */
#pragma D option quiet

/*
 * An associative-array element that does not fit in dynvarsize is not
 * stored, and is counted and reported as a dynamic variable drop.
 */
BEGIN
{
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;
	a[4] = 4;
	a[5] = 5;
	printf("%d %d %d %d %d\n", a[1], a[2], a[3], a[4], a[5]);
	exit(0);
}
