#!/usr/bin/env -S dtrace -qs
/*
 * runqlen.d: run queue length: how many threads are waiting for a CPU,
 * sampled 99 times a second on every CPU, as a histogram over all CPUs,
 * printed on Ctrl-C.
 *
 * Usage: ./runqlen.d
 *
 * Output: a linear histogram: "value" is the number of threads that were
 * runnable but not running on the sampled CPU (the one running is not
 * counted), "count" the samples that found that many. Mostly 0 is a CPU
 * that keeps up. Samples at 1 and more mean threads wait their turn
 * (runqlat.d measures how long); a queue that stays long on some CPUs
 * and empty on others is an imbalance (see dispqlen.d, per CPU).
 *
 * Probes: profile-99; the CPU's run queue (struct rq, nr_running) read
 * through the interrupted thread's scheduling entity.
 */
#pragma D option quiet

BEGIN
{
	printf("Sampling run queue length at 99 Hertz... Hit Ctrl-C to end.\n");
}

profile-99
{
	this->running = curthread->se.cfs_rq->rq->nr_running;
	@len["runnable threads waiting for a CPU"] =
	    lquantize(this->running - (pid != 0 && this->running > 0 ? 1 : 0),
	    0, 32, 1);
}

END
{
	printa("%s\n%@d\n", @len);
}
