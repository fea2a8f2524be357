/* @@nosort */
#pragma D option quiet

/*
 * commit() and discard() may share a clause: the first to end the
 * speculation decides its fate, the second finds it inactive.
 */
BEGIN
{
	self->spec = speculation();
}

BEGIN
{
	speculate(self->spec);
	printf("committed\n");
}

BEGIN
{
	commit(self->spec);
	discard(self->spec);
}

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
	commit(self->spec);
}

BEGIN
{
	printf("end\n");
	exit(0);
}
