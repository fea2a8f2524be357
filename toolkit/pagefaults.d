#!/usr/bin/env -S dtrace -qs
/*
 * pagefaults.d: page faults of user code, counted by the user stack that
 * faulted, printed on Ctrl-C (or when the -c command ends): where a
 * program touches memory for the first time (or again, after the kernel
 * took it away), and so where its memory grows.
 *
 * Usage: ./pagefaults.d             every process
 *        ./pagefaults.d -p PID      only PID
 *        ./pagefaults.d -c CMD      run CMD and show its faults
 *
 * Output: the 10 stacks with the most faults, the most last: the user
 * stack, the process as "COMM (PID)", and the number of faults. Each
 * first touch of a page of a new allocation (malloc's memory, a
 * stack, a mapped file) is a fault: stacks in an allocator or memset
 * are a program growing; faults at the same place over and over, in a
 * program whose size is steady, are memory being reclaimed and read
 * back (check for swapping and memory pressure). Then the faults by
 * program: COMM, PID, FAULTS.
 *
 * Probes: sdt:exceptions::page_fault_user.
 */
#pragma D option quiet

BEGIN
{
	printf("Tracing user page faults... Hit Ctrl-C to end.\n");
}

sdt:exceptions::page_fault_user
/$target == 0 || pid == $target/
{
	@faults[ustack(), execname, pid] = count();
	@procs[execname, pid] = count();
}

END
{
	trunc(@faults, 10);
	trunc(@procs, 10);
	printa("%-8k    %s (%d)\n        %@d\n\n", @faults);
	printf("%-16s %7s %10s\n", "COMM", "PID", "FAULTS");
	printa("%-16s %7d %@10d\n", @procs);
}
