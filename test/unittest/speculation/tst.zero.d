/* @@nosort */
#pragma D option quiet

/*
 * speculate(0) ends the clause there, as DTrace for Linux does (0 is never
 * an active speculation): nothing after it is done; commit(0) and
 * discard(0) do nothing.
 */
BEGIN
{
	x = 42;
	speculate(0);
	printf("never printed\n");
	x = 43;
}

BEGIN
{
	commit(0);
}

BEGIN
{
	discard(0);
}

BEGIN
{
	printf("x = %d\n", x);
	exit(0);
}
