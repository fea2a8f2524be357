#pragma D option quiet

/* END is dtrace:::END. */
BEGIN
{
	exit(0);
}

END
{
	printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
}
