/* @@timeout: 3 */
#pragma D option quiet

/*
 * exit() followed by a fault in the same clause: the clause's record,
 * exit()'s included, is lost with the fault, but tracing still stops, as
 * in DTrace, where exit() has already set the consumer's state to
 * draining. END runs.
 */
BEGIN
{
	exit(0);
	*(int *)0;
}

END
{
	printf("end\n");
}
