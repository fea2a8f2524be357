#pragma D option quiet

/*
 * A clause faulting on every firing does not stop tracing: each fault is
 * reported, and the other clauses keep running.
 */
int n;

profile:::tick-100
/n < 3/
{
	n++;
	z = 0;
	x = n / z;
}

profile:::tick-100
/n == 3/
{
	printf("%d ticks\n", n);
	exit(0);
}
