/* @@nosort */
#pragma D option quiet

/* What is speculated to a speculation after its commit is dropped. */
BEGIN
{
	self->spec = speculation();
}

BEGIN
{
	speculate(self->spec);
	printf("before the commit\n");
}

BEGIN
{
	commit(self->spec);
}

BEGIN
{
	speculate(self->spec);
	printf("after the commit\n");
}

BEGIN
{
	commit(self->spec);
}

BEGIN
{
	printf("end\n");
	exit(0);
}
