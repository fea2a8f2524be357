/* Exercises: destructive stop() of a process, and reporting the stopped pid. */
#pragma D option destructive
#pragma D option quiet

proc:::exec-success
/execname == "suspicious"/
{
	stop();
	printf("stopped %d; resume with kill -CONT\n", pid);
}
