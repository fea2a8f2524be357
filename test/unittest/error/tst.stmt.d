#pragma D option quiet

/*
 * ERROR's arg1 is the faulting probe's id and arg2 the statement: DTrace
 * compiles a clause once per probe description, numbering each copy in
 * program order, so that the clause below is statement 1 for BEGIN and
 * statement 2 for END, which the messages name too (dt_clause_N).
 */
int y;

ERROR
{
	printf("%s arg1 %d arg2 %d\n", probename, arg1, arg2);
}

BEGIN, END
{
	x = 1 / y;
}

BEGIN
{
	exit(0);
}
