/* @@nosort */
#pragma D option quiet

/* printa() in END of an aggregation built by tick firings. */
int n;

tick-10ms
/n < 3/
{
	n++;
	@t[n] = sum(n * 10);
}

tick-10ms
/n == 3/
{
	exit(0);
}

END
{
	printa("%d:%@d\n", @t);
}
