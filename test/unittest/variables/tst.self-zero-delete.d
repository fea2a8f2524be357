#pragma D option quiet

/* Assigning zero to a thread-local frees it; it reads as zero. */
self int z;

BEGIN
{
	self->z = 9;
	self->z = 0;
	printf("%d\n", self->z);
	exit(0);
}
