/* @@nosort */
#pragma D option quiet

/* BEGIN fires before any tick. */
int t;

BEGIN
{
	printf("begin %d\n", t);
}

tick-10ms
{
	t++;
	printf("tick %d\n", t);
	exit(0);
}
