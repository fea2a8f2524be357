#pragma D option quiet

/*
 * A fault in an ERROR clause stops that clause (its printf is not shown)
 * and fires no ERROR probe again: it is counted and reported as DTrace
 * reports its double errors, as a drop ("1 error in ERROR probe
 * enabling"), and the other ERROR clauses still run.
 */
ERROR
{
	printf("handled fault %d\n", arg4);
	z = 0;
	z = 1 / z;
	printf("not reached\n");
}

ERROR
{
	printf("second handler\n");
}

BEGIN
{
	trace(*(int *)0);
}

BEGIN
{
	exit(0);
}
