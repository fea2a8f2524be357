#!/usr/bin/env -S dtrace -qs
/*
 * offcputime.d: where threads wait: the time they spend blocked (off a
 * CPU: sleeping, waiting for I/O, a lock, a page fault), summed by the
 * kernel and user stack they blocked in, printed on Ctrl-C.
 *
 * Usage: ./offcputime.d             every process
 *        ./offcputime.d -p PID      only PID's threads
 *        ./offcputime.d -c CMD      run CMD and show where it waits
 *
 * Output: one block per distinct (stacks, process), the least time first:
 * the kernel stack of the blocking (schedule() and what called it: a
 * read waiting for the disk, a futex, a sleep), a "--" line, the user
 * stack, the process as "COMM (PID)", and the total time blocked there
 * in microseconds. Threads waiting for work (idle thread pools, event
 * loops in epoll_wait) dominate most outputs: look for the stacks on a
 * request's path. Time spent runnable but waiting for a CPU is not
 * counted (see runqlat.d); the idle loop is left out.
 *
 * Probes: sched:::off-cpu (the thread leaving the CPU) and sched:::on-cpu
 * (the thread back on it, whose stacks still show where it blocked).
 */
#pragma D option quiet

BEGIN
{
	printf("Tracing off-CPU time (us)... Hit Ctrl-C to end.\n");
}

sched:::off-cpu
/pid != 0 && ($target == 0 || pid == $target)/
{
	self->off = timestamp;
}

sched:::on-cpu
/self->off/
{
	@us[stack(), ustack(), execname, pid] =
	    sum((timestamp - self->off) / 1000);
	self->off = 0;
}

END
{
	printa("%-8k    --%-8k    %s (%d)\n        %@d us\n\n", @us);
}
