/*
 * @@runtest-opts: -wq
 * chill() beyond 500 ms in a second, or of a negative time, is an illegal
 * operation (fault 3): the clause stops, tracing goes on.
 */
BEGIN
{
	chill(600000000);
	printf("not reached\n");
}

BEGIN
{
	chill(-1);
	printf("not reached\n");
}

BEGIN
{
	printf("next clause\n");
	exit(0);
}

ERROR
{
	printf("fault %d in clause %d\n", arg4, arg2);
}
