#pragma D option quiet

/* printf from a tick probe. */
tick-10ms
{
	printf("%s fired\n", probename);
	exit(0);
}
