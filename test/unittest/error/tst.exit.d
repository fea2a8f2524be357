#pragma D option quiet

/* An ERROR clause may end tracing with exit(). */
ERROR
{
	printf("fault at %d\n", arg4);
	exit(0);
}

profile:::tick-100
{
	x = 0;
	x = x % x;
}
