#pragma D option quiet

/*
 * Division by zero faults: the clause stops there and records nothing;
 * tracing goes on with the next clause, which sees the stores made before
 * the fault.
 */
BEGIN
{
	z = 0;
	before = 1;
	printf("not printed: the clause faults\n");
	x = 10 / z;
	after = 1;
}

BEGIN
{
	printf("before %d after %d x %d\n", before, after, x);
	exit(0);
}
