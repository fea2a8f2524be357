#!/usr/bin/env -S dtrace -qs
/*
 * pidpersec.d: how many processes are created each second (fork(2),
 * vfork(2), clone(2) without CLONE_THREAD), and on Ctrl-C which
 * programs created them.
 *
 * Usage: ./pidpersec.d          a line a second
 *        ./pidpersec.d 10       a line every 10 seconds
 *
 * Columns: TIME, the wall-clock time at the end of the interval;
 * PROCS/s, processes created per second over the interval; LASTPID,
 * the last process id handed out (a quickly rising LASTPID means
 * short-lived processes). A steady stream of new processes on a system
 * that should be quiet is often a shell script in a loop, or a service
 * restarted again and again: execsnoop.d names them, the summary here
 * names their parents (PARENT, the program that forked; FORKS, how many
 * processes it created while the tool ran).
 *
 * Probes: proc:::create (sched_process_fork of a new process).
 */
#pragma D option quiet
#pragma D option defaultargs
#pragma D option switchrate=10hz

BEGIN
{
	interval = $1 > 0 ? $1 : 1;
	printf("%-20s %8s %8s\n", "TIME", "PROCS/s", "LASTPID");
}

proc:::create
{
	n++;
	last = args[0]->pr_pid;
	@parents[execname] = count();
}

tick-1s
/++secs >= interval/
{
	printf("%-20Y %8d %8d\n", walltimestamp, n / secs, last);
	n = 0;
	secs = 0;
}

END
{
	printf("\n%-16s %8s\n", "PARENT", "FORKS");
	printa("%-16s %@8d\n", @parents);
}
