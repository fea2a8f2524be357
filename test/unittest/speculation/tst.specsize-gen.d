/* @@nosort */
#pragma D option quiet
#pragma D option specsize=400

/*
 * The specsize budget is per claim of a speculation: a speculation claimed
 * again after its commit starts empty.
 */
BEGIN
{
	self->spec = speculation();
}

BEGIN
{
	speculate(self->spec);
	printf("%s\n", "first claim");
}

BEGIN
{
	commit(self->spec);
	self->spec = speculation();
}

BEGIN
{
	speculate(self->spec);
	printf("%s\n", "second claim");
}

BEGIN
{
	speculate(self->spec);
	printf("%s\n", "dropped: past specsize");
}

BEGIN
{
	commit(self->spec);
}

BEGIN
{
	exit(0);
}
