/* @@runtest-opts: -x specsize=600 */
/* @@nosort */
#pragma D option quiet

/*
 * A speculation holds at most specsize bytes of records per CPU: a record
 * holding a string (strsize bytes) fits twice in 600 bytes, and the
 * records past those are dropped and reported as speculative drops.
 */
BEGIN
{
	self->spec = speculation();
}

BEGIN
{
	speculate(self->spec);
	printf("%s\n", "one");
}

BEGIN
{
	speculate(self->spec);
	printf("%s\n", "two");
}

BEGIN
{
	speculate(self->spec);
	printf("%s\n", "three");
}

BEGIN
{
	speculate(self->spec);
	printf("%s\n", "four");
}

BEGIN
{
	commit(self->spec);
}

BEGIN
{
	exit(0);
}
