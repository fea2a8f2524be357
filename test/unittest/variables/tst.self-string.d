#pragma D option quiet

/* A thread-local string. */
BEGIN
{
	self->s = "thread";
	printf("%s\n", self->s);
	exit(0);
}
