#!/usr/bin/env -S dtrace -qs
/*
 * runqlat.d: run queue latency: how long threads wait for a CPU once
 * they are ready to run (woken up, or preempted while still runnable),
 * as a histogram, printed on Ctrl-C.
 *
 * Usage: ./runqlat.d             every thread
 *        ./runqlat.d -p PID      only PID's threads
 *        ./runqlat.d -c CMD      run CMD and measure its threads
 *
 * Output: a power-of-two histogram of the wait in microseconds: "value"
 * is a bucket's lower bound, "count" the times a thread waited that long
 * before it ran. On an idle system most waits are a few microseconds; a
 * tail in the milliseconds means more runnable threads than CPUs (CPU
 * saturation), or a thread kept off by higher priority work: the
 * latency each request pays before doing anything at all.
 *
 * Probes: sdt:sched::sched_wakeup and sched_wakeup_new (a thread becomes
 * runnable), sched_switch (a preempted thread stays runnable; the next
 * thread runs).
 */
#pragma D option quiet

BEGIN
{
	printf("Tracing run queue latency... Hit Ctrl-C to end.\n");
}

sdt:sched::sched_wakeup,
sdt:sched::sched_wakeup_new
/$target == 0 || args[0]->tgid == $target/
{
	queued[args[0]->pid] = timestamp;
}

/* Preempted, still runnable (TASK_RUNNING): back in the queue. */
sdt:sched::sched_switch
/args[3] == 0 && args[1]->pid != 0 &&
    ($target == 0 || args[1]->tgid == $target)/
{
	queued[args[1]->pid] = timestamp;
}

sdt:sched::sched_switch
/queued[args[2]->pid]/
{
	@usecs["run queue latency (us)"] =
	    quantize((timestamp - queued[args[2]->pid]) / 1000);
	queued[args[2]->pid] = 0;
}

END
{
	printa("%s\n%@d\n", @usecs);
}
