#pragma D option quiet

/* A faster tick fires more often than a slower one. */
int a, b;

tick-10ms
{
	a++;
}

tick-40ms
{
	b++;
}

tick-40ms
/b == 2/
{
	printf("%s\n", a > b ? "faster" : "slower");
	exit(0);
}
