#pragma D option quiet

/* tick-N is profile:::tick-N. */
tick-20ms
{
	printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
	exit(0);
}
