#!/usr/bin/env -S dtrace -qs
/*
 * syslat.d: system call latency by name: how many calls of each, and
 * how long they took, printed on Ctrl-C (or when the -c command ends),
 * with a histogram of one call's latency when named.
 *
 * Usage: ./syslat.d                   every process (dtrace's left out)
 *        ./syslat.d -p PID            only PID
 *        ./syslat.d -c CMD            run CMD and measure its calls
 *        ./syslat.d read              and a histogram of read(2)'s
 *
 * Output: SYSCALL, CALLS, AVG(us), MAX(us), TOTAL(us), the most total
 * time last; with a system call named, then a power-of-two histogram of
 * its latency in microseconds. Total time is where a process waits in
 * the kernel: for blocking calls (read on a socket, poll, futex,
 * nanosleep) it is mostly waiting for something else, for the others
 * (stat, open, mmap) it is the kernel's work. A call whose MAX is far
 * above its AVG has outliers: the histogram shows how many.
 *
 * Probes: syscall:::entry and syscall:::return.
 */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	printf("Tracing system call latency... Hit Ctrl-C to end.\n");
}

syscall:::entry
/pid != $pid && ($target == 0 || pid == $target)/
{
	self->sts = timestamp;
}

syscall:::return
/self->sts/
{
	this->us = (timestamp - self->sts) / 1000;
	@calls[probefunc] = count();
	@avg[probefunc] = avg(this->us);
	@max[probefunc] = max(this->us);
	@total[probefunc] = sum(this->us);
	if (probefunc == $$1) {
		@hist[probefunc] = quantize(this->us);
	}
	self->sts = 0;
}

END
{
	printf("\n%-22s %10s %10s %10s %12s\n", "SYSCALL", "CALLS", "AVG(us)",
	    "MAX(us)", "TOTAL(us)");
	printa("%-22s %@10d %@10d %@10d %@12d\n", @calls, @avg, @max, @total);
	printa("\n%s latency (us)\n%@d\n", @hist);
}
