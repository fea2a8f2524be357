#pragma D option quiet

/* A declared thread-local reads as zero before it is set. */
self int y;

BEGIN
{
	printf("%d\n", self->y);
	exit(0);
}
