#pragma D option quiet

/* A thread-local used as a key. */
BEGIN
{
	self->k = 4;
	a[self->k] = 44;
	printf("%d\n", a[4]);
	exit(0);
}
