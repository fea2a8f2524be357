#pragma D option quiet

/*
 * A kernel struct's bit-fields are read (a task's one-bit flags are 0 or
 * 1), alone and next to each other.
 */

BEGIN
{
	printf("%d %d %d\n", curthread->in_iowait <= 1,
	    curthread->sched_reset_on_fork <= 1,
	    curthread->in_execve + curthread->in_iowait <= 2);
	exit(0);
}
