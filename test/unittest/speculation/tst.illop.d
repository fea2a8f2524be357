/* @@nosort */
#pragma D option quiet

/*
 * commit() or discard() of a speculation id above nspec (-1 is 0xffffffff)
 * is an illegal operation: the clause stops there and dtrace:::ERROR fires
 * with DTRACEFLT_ILLOP (3). speculate() of one ends the clause silently,
 * as DTrace for Linux does.
 */
BEGIN
{
	speculate(2);
	printf("never printed\n");
}

BEGIN
{
	commit(-1);
}

BEGIN
{
	discard(3);
}

ERROR
{
	printf("fault %d in clause %d\n", arg4, arg2);
}

BEGIN
{
	printf("tracing goes on\n");
	exit(0);
}
