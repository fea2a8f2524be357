/* @@nosort */
#pragma D option quiet

/*
 * Speculative records are held until commit(), which prints them where it
 * runs, in the order they were speculated.
 */
BEGIN
{
	self->spec = speculation();
	printf("speculation %d\n", self->spec);
}

BEGIN
{
	speculate(self->spec);
	printf("speculative line 1\n");
}

BEGIN
{
	speculate(self->spec);
	printf("speculative line %d, %s\n", 2, "with a string");
}

BEGIN
{
	printf("before the commit\n");
}

BEGIN
{
	commit(self->spec);
}

BEGIN
{
	printf("after the commit\n");
	exit(0);
}
