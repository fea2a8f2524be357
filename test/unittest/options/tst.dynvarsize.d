/* @@runtest-opts: -x dynvarsize=64 */
#pragma D option quiet

/*
 * dynvarsize bounds an associative array: with 64 bytes, four elements of
 * an 8-byte key and an 8-byte value fit; the fifth is not stored (a dynamic variable drop).
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
