#pragma D option quiet

/*
 * A store past the end of a D array faults: the clause is abandoned (its
 * printf is not shown) and tracing goes on with the next clause.
 */
int a[4];

BEGIN
{
	i = 1000;
	printf("before\n");
	a[i] = 1;
	printf("not reached\n");
}

BEGIN
{
	printf("next clause %d\n", a[0]);
	exit(0);
}
