#pragma D option quiet

/* tick-N fires repeatedly; a predicate on a counter ends the run. */
int n;

tick-10ms
{
	n++;
}

tick-10ms
/n == 5/
{
	printf("n=%d\n", n);
	exit(0);
}
