#pragma D option quiet

/*
 * DTrace numbers a clause once per probe description (dt_clause_N), so a
 * clause with two descriptions takes two numbers: the faulting clause
 * below is dt_clause_3, which ERROR's arg2 gives too.
 */
ERROR
{
	printf("arg2 %d\n", arg2);
}

BEGIN, END
{
	x = 0;
}

BEGIN
{
	trace(1 / x);
}

BEGIN
{
	exit(0);
}
