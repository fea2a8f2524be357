#!/usr/sbin/dtrace -qs
/*
 * Count system calls by process name and system call; print the top of
 * the table every five seconds.
 */
syscall:::entry
{
	@calls[execname, probefunc] = count();
}

tick-5s
{
	trunc(@calls, 20);
	printa("%-20s %-24s %@10d\n", @calls);
	trunc(@calls);
}
