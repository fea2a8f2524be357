#pragma D option quiet

/* A global set in BEGIN is seen in a tick probe. */
BEGIN
{
	x = 7;
}

tick-10ms
{
	printf("%d\n", x);
	exit(0);
}
