#pragma D option quiet

/* if on a thread-local. */
BEGIN
{
	self->v = 0;
	if (!self->v) {
		self->v = 7;
	}
	printf("%d\n", self->v);
	exit(0);
}
