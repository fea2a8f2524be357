/* @@runtest-opts: -x dynvarsize=64 -x statusrate=10s -x switchrate=10ms */
#pragma D option quiet

/*
 * Dynamic variable drops are reported with the status, once per
 * statusrate, and a last time when tracing stops: thirty drops, 10 ms
 * apart, read every 10 ms, are reported once, together.
 */
int n;

BEGIN
{
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;
	a[4] = 4;
}

tick-10ms
{
	n++;
	a[n + 100] = 1;
}

tick-10ms
/n == 30/
{
	printf("%d\n", n);
	exit(0);
}
