#pragma D option quiet

/* A thread-local set in one clause is seen in the next. */
BEGIN
{
	self->x = 3;
}

BEGIN
{
	printf("%d\n", self->x);
	exit(0);
}
