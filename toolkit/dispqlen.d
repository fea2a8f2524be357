#!/usr/bin/env -S dtrace -qs
/*
 * dispqlen.d: run queue (dispatcher queue) length per CPU, sampled 1,001
 * times a second on every CPU, as a histogram for each CPU, printed on
 * Ctrl-C.
 *
 * Usage: ./dispqlen.d
 *
 * Output: for each CPU ("CPU N"), a linear histogram: "value" is the
 * number of threads that were runnable but not running on that CPU at
 * a sample, "count" the samples that found that many. CPUs whose queue
 * stays long while others sit at 0 point to threads pinned there (CPU
 * affinity, cpusets), or a balancer that cannot keep up; evenly long
 * queues everywhere are plain CPU saturation.
 *
 * Probes: profile-1001; the CPU's run queue (struct rq, nr_running) read
 * through the interrupted thread's scheduling entity.
 */
#pragma D option quiet

BEGIN
{
	printf("Sampling run queue length per CPU... Hit Ctrl-C to end.\n");
}

profile-1001
{
	this->running = curthread->se.cfs_rq->rq->nr_running;
	@len[cpu] = lquantize(this->running -
	    (pid != 0 && this->running > 0 ? 1 : 0), 0, 32, 1);
}

END
{
	printa("CPU %d\n%@d\n", @len);
}
