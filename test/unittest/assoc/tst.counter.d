#pragma D option quiet

/* An associative array counting tick firings per probe name. */
int c[string];

tick-10ms
{
	c[probename]++;
}

tick-10ms
/c["tick-10ms"] == 3/
{
	printf("%d\n", c["tick-10ms"]);
	exit(0);
}
