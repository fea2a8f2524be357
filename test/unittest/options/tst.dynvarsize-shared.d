/* @@runtest-opts: -x dynvarsize=64 */
#pragma D option quiet

/*
 * Thread-local variables and associative arrays share one pool of
 * dynvarsize, as DTrace's do: with 64 bytes, four elements of an 8-byte
 * key and an 8-byte value in all; the fifth is not stored (a dynamic
 * variable drop) until an element is deleted.
 */
BEGIN
{
	a[1] = 1;
	a[2] = 2;
	self->x = 3;
	self->y = 4;
	a[3] = 5;
	printf("%d %d %d %d %d\n", a[1], a[2], self->x, self->y, a[3]);
	self->x = 0;
	a[3] = 5;
	printf("%d %d %d %d %d\n", a[1], a[2], self->x, self->y, a[3]);
	exit(0);
}
