/* @@nosort */
#pragma D option quiet

/* A predicate selects every other tick. */
int n;

tick-10ms
{
	n++;
}

tick-10ms
/n % 2 == 0 && n <= 6/
{
	printf("%d\n", n);
}

tick-10ms
/n == 6/
{
	exit(0);
}
