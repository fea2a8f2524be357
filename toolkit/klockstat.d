#!/usr/bin/env -S dtrace -qs
/*
 * klockstat.d: contention on kernel locks: how often threads had to wait
 * for a lock another held, for how long, and where, printed on Ctrl-C.
 * Uncontended acquisitions cost nothing and are not seen.
 *
 * Usage: ./klockstat.d
 *
 * Output: first, the waits by lock type and program: TYPE (spinlock,
 * rwlock:R/W, rwsem:R/W, mutex, mutex-spin (spinning on a mutex's owner
 * before sleeping), rtmutex, percpu-rwsem:R/W), COMM, WAITS, AVG(ns),
 * MAX(ns), TOTAL(ns), the most total wait last. Then the 10 code paths
 * where threads waited longest in total: the kernel stack (the lock's
 * slow path, then its caller: the function whose lock it is), TYPE and
 * TOTAL(ns). A write rwsem in a file system's write path is the
 * inode's lock (writers to one file); mmap_lock waits are threads of a
 * process faulting and mapping memory at once. dtrace may report a few
 * aggregation drops: waits in interrupts that came while their CPU was
 * updating the same aggregation, which cannot be counted.
 *
 * Probes: sdt:lock::contention_begin and contention_end (the lock's
 * flags: LCB_F_SPIN, READ, WRITE, RT, PERCPU, MUTEX).
 */
#pragma D option quiet

BEGIN
{
	printf("Tracing kernel lock contention... Hit Ctrl-C to end.\n");
}

/* The first begin of a wait: a mutex spins, then begins again to sleep. */
sdt:lock::contention_begin
/!self->lts/
{
	self->lts = timestamp;
	self->lflags = args[1];
}

sdt:lock::contention_end
/self->lts/
{
	this->ns = timestamp - self->lts;
	this->f = self->lflags;
	this->kind = this->f & 32 ? (this->f & 1 ? "mutex-spin" : "mutex") :
	    this->f & 16 ? (this->f & 2 ? "percpu-rwsem:R" : "percpu-rwsem:W") :
	    this->f & 8 ? "rtmutex" :
	    this->f & 1 ? (this->f & 2 ? "rwlock:R" : this->f & 4 ? "rwlock:W" :
	    "spinlock") :
	    this->f & 2 ? "rwsem:R" : this->f & 4 ? "rwsem:W" : "other";
	@waits[this->kind, execname] = count();
	@avg[this->kind, execname] = avg(this->ns);
	@max[this->kind, execname] = max(this->ns);
	@total[this->kind, execname] = sum(this->ns);
	@where[stack(6), this->kind] = sum(this->ns);
	self->lts = 0;
	self->lflags = 0;
}

END
{
	printf("\n%-16s %-16s %8s %10s %12s %14s\n", "TYPE", "COMM", "WAITS",
	    "AVG(ns)", "MAX(ns)", "TOTAL(ns)");
	printa("%-16s %-16s %@8d %@10d %@12d %@14d\n", @waits, @avg, @max,
	    @total);
	trunc(@where, 10);
	printf("\nThe 10 code paths with the most waiting:\n");
	printa("%-8k    %s\n        TOTAL(ns) %@d\n\n", @where);
}
