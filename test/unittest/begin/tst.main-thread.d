#pragma D option quiet

/*
 * BEGIN and END fire on dtrace's main thread, as in DTrace: tid is the
 * pid, and both are dtrace's.
 */
BEGIN
{
	printf("BEGIN: %s, %s\n", pid == $pid ? "dtrace" : "another process", tid == pid ? "main thread" : "another thread");
	exit(0);
}

END
{
	printf("END: %s, %s\n", pid == $pid ? "dtrace" : "another process", tid == pid ? "main thread" : "another thread");
}
