#!/usr/bin/env -S dtrace -qs
/*
 * lockhold.d: how long kernel locks are held, from acquisition to
 * release (not how long threads waited for them: klockstat.d), by kind
 * of lock and by the code that took them, printed on Ctrl-C: the other
 * half of lockstat(8)'s report.
 *
 * Usage: ./lockhold.d                 until Ctrl-C
 *        ./lockhold.d -c 'CMD ARGS'   while CMD runs (still system-wide)
 *
 * Output: first, by TYPE (mutex; spin, a spin lock; rw:R and rw:W, a
 * rwlock_t held for reading or writing): HOLDS, AVG(ns), MAX(ns) and
 * TOTAL(ns), the most total hold last; then each TYPE's hold times as a
 * power-of-two histogram (ns); then, for each TYPE, the 5 code paths
 * that held its locks longest in total, the longest last: the
 * acquirer's kernel stack (its top frame the function that took the
 * lock, then its callers) and TOTAL(ns). A mutex held long is one held
 * across sleeping (I/O, page faults, allocation); a spin lock held for
 * microseconds keeps other CPUs spinning, with interrupts or preemption
 * off. A hold is timed per thread and lock, from the acquisition to the
 * same thread's release: a lock released by another thread than the one
 * that took it (the scheduler's run-queue lock, handed from the thread
 * switching out to the one switching in) is not counted, and neither
 * are locks taken before tracing began.
 *
 * Cost: every acquisition and release of every kernel mutex, spin lock
 * and rwlock_t runs a probe, and each acquisition records a stack: the
 * system slows down while it runs (spin locks are taken millions of
 * times a second on a busy machine); run it briefly. The locks held at
 * once, per thread, take dynamic variables (dynvarsize below); a few
 * "aggregation drops" may be reported: holds ended in interrupts that
 * came while their CPU was updating the same aggregation.
 *
 * Probes: lockstat:::adaptive-acquire, adaptive-release, spin-acquire,
 * spin-release, rw-acquire, rw-release (arg0 the lock, arg1 of rw-*
 * RW_READER or RW_WRITER). They fire in the kernel's lock functions
 * (mutex_lock, _raw_spin_lock*, _raw_read_lock*, ... and their unlocks):
 * this needs a kernel where fbt probes attach, fentry or kprobes (on
 * one without, dtrace says so in one line and exits 1).
 */
#pragma D option quiet
#pragma D option dynvarsize=4m

BEGIN
{
	printf("Tracing kernel lock hold times... Hit Ctrl-C to end.\n");
}

/* Each acquisition: when, and by which code, per thread and lock. */
lockstat:::adaptive-acquire, lockstat:::spin-acquire, lockstat:::rw-acquire
{
	self->ts[arg0] = timestamp;
	self->st[arg0] = stack(5);
}

/*
 * A lock one thread holds at a time (all but a rwlock_t read) is held
 * by the last acquisition: a release by a thread whose own acquisition
 * came before it (another thread took the lock since) is not this
 * thread's hold.
 */
lockstat:::adaptive-acquire, lockstat:::spin-acquire
{
	holder[arg0] = self->ts[arg0];
}

lockstat:::rw-acquire
/arg1 == RW_WRITER/
{
	holder[arg0] = self->ts[arg0];
}

lockstat:::adaptive-release, lockstat:::spin-release, lockstat:::rw-release
{
	this->ns = 0;
}

lockstat:::adaptive-release
/self->ts[arg0] && holder[arg0] == self->ts[arg0]/
{
	this->kind = "mutex";
	this->ns = timestamp - self->ts[arg0];
	@mutex[self->st[arg0]] = sum(this->ns);
	holder[arg0] = 0;
}

lockstat:::spin-release
/self->ts[arg0] && holder[arg0] == self->ts[arg0]/
{
	this->kind = "spin";
	this->ns = timestamp - self->ts[arg0];
	@spin[self->st[arg0]] = sum(this->ns);
	holder[arg0] = 0;
}

lockstat:::rw-release
/self->ts[arg0] && arg1 == RW_WRITER && holder[arg0] == self->ts[arg0]/
{
	this->kind = "rw:W";
	this->ns = timestamp - self->ts[arg0];
	@rww[self->st[arg0]] = sum(this->ns);
	holder[arg0] = 0;
}

lockstat:::rw-release
/self->ts[arg0] && arg1 == RW_READER/
{
	this->kind = "rw:R";
	this->ns = timestamp - self->ts[arg0];
	@rwr[self->st[arg0]] = sum(this->ns);
}

lockstat:::adaptive-release, lockstat:::spin-release, lockstat:::rw-release
/this->ns/
{
	@holds[this->kind] = count();
	@avg[this->kind] = avg(this->ns);
	@max[this->kind] = max(this->ns);
	@total[this->kind] = sum(this->ns);
	@dist[this->kind] = quantize(this->ns);
}

lockstat:::adaptive-release, lockstat:::spin-release, lockstat:::rw-release
/self->ts[arg0]/
{
	self->ts[arg0] = 0;
	self->st[arg0] = 0;
}

END
{
	printf("\n%-8s %10s %10s %12s %14s\n", "TYPE", "HOLDS", "AVG(ns)",
	    "MAX(ns)", "TOTAL(ns)");
	printa("%-8s %@10d %@10d %@12d %@14d\n", @holds, @avg, @max, @total);
	printf("\nHold times (ns) by type:\n");
	printa(@dist);
	trunc(@mutex, 5);
	trunc(@spin, 5);
	trunc(@rwr, 5);
	trunc(@rww, 5);
	printf("\nmutex: the 5 code paths holding longest in total:\n");
	printa("%-8k        TOTAL(ns) %@d\n\n", @mutex);
	printf("\nspin: the 5 code paths holding longest in total:\n");
	printa("%-8k        TOTAL(ns) %@d\n\n", @spin);
	printf("\nrw:R: the 5 code paths holding longest in total:\n");
	printa("%-8k        TOTAL(ns) %@d\n\n", @rwr);
	printf("\nrw:W: the 5 code paths holding longest in total:\n");
	printa("%-8k        TOTAL(ns) %@d\n\n", @rww);
}
