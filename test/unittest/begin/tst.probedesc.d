#pragma D option quiet

/* BEGIN is dtrace:::BEGIN. */
BEGIN
{
	printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
	exit(0);
}
