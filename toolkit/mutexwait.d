#!/usr/bin/env -S dtrace -qs
/*
 * mutexwait.d: time a process's threads spend in pthread_mutex_lock(3),
 * the user-space side of lock contention: a histogram per calling stack,
 * printed on Ctrl-C (or when the -c command ends).
 *
 * Usage: ./mutexwait.d -p PID
 *        ./mutexwait.d -c 'CMD ARGS'
 *
 * Output: for the 5 stacks that waited longest in total, the user stack
 * (pthread_mutex_lock's caller first) and a power-of-two histogram of
 * the time each call took, in nanoseconds: "value" a bucket's lower
 * bound, "count" the calls. Uncontended locks take well under a
 * microsecond; calls of tens of microseconds and more waited for
 * another thread to unlock (the kernel's futex wait): those stacks are
 * where threads serialize. Then the calls and total time by stack:
 * CALLS, TOTAL(ns). Each call costs two breakpoint traps (a few
 * microseconds), which adds contention of its own: compare stacks with
 * each other, not with the program's speed untraced.
 *
 * Probes: pid$target::pthread_mutex_lock entry and return.
 */
#pragma D option quiet

BEGIN
{
	printf("Tracing pthread_mutex_lock() in pid %d... Hit Ctrl-C to end.\n",
	    $target);
}

pid$target::pthread_mutex_lock:entry
{
	self->mts = timestamp;
}

pid$target::pthread_mutex_lock:return
/self->mts/
{
	this->ns = timestamp - self->mts;
	@hist[ustack(5)] = quantize(this->ns);
	@calls[ustack(5)] = count();
	@total[ustack(5)] = sum(this->ns);
	self->mts = 0;
}

END
{
	trunc(@hist, 5);
	printa("%-8k%@d\n", @hist);
	printf("\n%-60s %10s %14s\n", "STACK", "CALLS", "TOTAL(ns)");
	printa("%-8k%@10d CALLS %@d ns\n\n", @calls, @total);
}
