#!/usr/sbin/dtrace -qs
/*
 * On-CPU time spent in each system call, against its wall time, per
 * process: vtimestamp counts only the time the thread ran.
 */
syscall:::entry
{
	self->vt = vtimestamp;
	self->ts = timestamp;
}

syscall:::return
/self->ts/
{
	@oncpu[execname, probefunc] = sum(vtimestamp - self->vt);
	@wall[execname, probefunc] = sum(timestamp - self->ts);
	self->vt = 0;
	self->ts = 0;
}

END
{
	trunc(@oncpu, 10);
	trunc(@wall, 10);
	printf("%-16s %-16s %12s %12s\n", "PROCESS", "SYSCALL", "ON-CPU(ns)", "WALL(ns)");
	printa("%-16s %-16s %@12d %@12d\n", @oncpu, @wall);
}
