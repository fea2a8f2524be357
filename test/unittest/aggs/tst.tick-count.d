#pragma D option quiet

/* count() over a fixed number of tick firings. */
int n;

tick-10ms
/n < 5/
{
	n++;
	@c = count();
}

tick-10ms
/n == 5/
{
	exit(0);
}
