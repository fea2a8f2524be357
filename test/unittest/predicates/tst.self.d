#pragma D option quiet

/* A predicate on a thread-local. */
BEGIN
{
	self->on = 1;
}

BEGIN
/self->on/
{
	printf("on\n");
	exit(0);
}
