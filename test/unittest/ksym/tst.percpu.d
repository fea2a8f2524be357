/* @@timeout: 120 */
/*
 * A per-CPU variable is this CPU's copy: the running CPU's run queue
 * says it is that CPU's, and that the task running on it is the current
 * thread.
 */
#pragma D option quiet

BEGIN
{
	printf("cpu %d\n", `runqueues.cpu == cpu);
	printf("curr %d\n", `runqueues.curr == curthread);
	exit(0);
}
