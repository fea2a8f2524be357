#pragma D option quiet

/* if/else updating counters across tick firings. */
int n, even, odd;

tick-10ms
{
	n++;
	if (n % 2) {
		odd++;
	} else {
		even++;
	}
}

tick-10ms
/n == 5/
{
	printf("%d %d\n", odd, even);
	exit(0);
}
