/* @@nosort */
#pragma D option quiet

/*
 * speculate(0) drops the clause's data but not the clause's other effects;
 * commit(0) and discard(0) do nothing.
 */
BEGIN
{
	speculate(0);
	printf("never printed\n");
	x = 42;
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
