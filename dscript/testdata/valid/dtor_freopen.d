/* Exercises: destructive freopen() redirecting output to a file and back to stdout with "". */
#pragma D option destructive
#pragma D option quiet

BEGIN
{
	freopen("/tmp/dtrace-%d.log", $pid);
	printf("logging started\n");
}

syscall::execve:entry
{
	printf("%s\n", execname);
}

END
{
	freopen("");
	printf("log written\n");
}
