/* @@nosort */
#pragma D option quiet

/* discard() drops what was speculated. */
BEGIN
{
	self->spec = speculation();
}

BEGIN
{
	speculate(self->spec);
	printf("discarded\n");
}

BEGIN
{
	discard(self->spec);
}

BEGIN
{
	printf("after the discard\n");
	exit(0);
}
