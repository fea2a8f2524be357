#pragma D option quiet

/*
 * After the ERROR clauses, the clauses after the faulting one see their
 * own probe and arguments again.
 */
ERROR
{
	printf("%s arg1 %d\n", probename, arg1 != 0);
}

BEGIN
{
	trace(*(char *)0);
}

BEGIN
{
	printf("%s arg1 %d\n", probename, arg1);
	exit(0);
}
