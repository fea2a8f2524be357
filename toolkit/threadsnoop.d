#!/usr/bin/env -S dtrace -qs
/*
 * threadsnoop.d: every new thread (pthread_create(3), clone(2) with
 * CLONE_THREAD), one line each as it is created, and on Ctrl-C the
 * number of threads each program created.
 *
 * Usage: ./threadsnoop.d            every process
 *        ./threadsnoop.d -p PID     only threads PID creates
 *
 * Columns: TIME(s) since the tool started; PID and COMM of the process;
 * TID, the thread that called pthread_create(3); NEWTID, the new
 * thread's id (as top -H, /proc/PID/task and gettid(2) show it).
 * A program creating and destroying threads at a high rate, rather
 * than keeping a pool, shows up as a stream of lines here.
 *
 * Probes: proc:::lwp-create (sched_process_fork of a thread).
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	start = timestamp;
	printf("%-10s %7s %-16s %7s %7s\n", "TIME(s)", "PID", "COMM", "TID",
	    "NEWTID");
}

proc:::lwp-create
/$target == 0 || pid == $target/
{
	this->t = timestamp - start;
	printf("%6d.%03d %7d %-16s %7d %7d\n", this->t / 1000000000,
	    this->t / 1000000 % 1000, pid, execname, tid, args[0]->pr_lwpid);
	@threads[pid, execname] = count();
}

END
{
	printf("\n%7s %-16s %8s\n", "PID", "COMM", "THREADS");
	printa("%7d %-16s %@8d\n", @threads);
}
