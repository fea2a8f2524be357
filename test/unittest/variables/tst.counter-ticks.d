#pragma D option quiet

/* A global counter incremented across probe firings. */
int n;

tick-10ms
/n < 4/
{
	n++;
}

tick-10ms
/n == 4/
{
	printf("%d\n", n);
	exit(0);
}
