#!/usr/bin/env -S dtrace -qs
/*
 * syscount.d: system calls counted by name and by process, the top of
 * each printed on Ctrl-C (or when the -c command ends).
 *
 * Usage: ./syscount.d             every process (dtrace's own left out)
 *        ./syscount.d -p PID      only PID
 *        ./syscount.d -c CMD      run CMD and count its calls
 *
 * Output: SYSCALL and COUNT, the 20 most frequent calls, the most
 * frequent last; then PID, COMM and COUNT, the 10 processes that made
 * the most calls. A high rate of one call often has a cheaper
 * alternative: many small read(2)s (buffering), repeated stat(2)s
 * (caching), futex(2) storms (lock contention), sched_yield(2) spinning.
 * syslat.d shows how long each call takes.
 *
 * Probes: syscall:::entry.
 */
#pragma D option quiet

BEGIN
{
	printf("Counting system calls... Hit Ctrl-C to end.\n");
}

syscall:::entry
/pid != $pid && ($target == 0 || pid == $target)/
{
	@calls[probefunc] = count();
	@procs[pid, execname] = count();
}

END
{
	trunc(@calls, 20);
	trunc(@procs, 10);
	printf("\n%-22s %10s\n", "SYSCALL", "COUNT");
	printa("%-22s %@10d\n", @calls);
	printf("\n%7s %-16s %10s\n", "PID", "COMM", "COUNT");
	printa("%7d %-16s %@10d\n", @procs);
}
