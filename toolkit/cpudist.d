#!/usr/bin/env -S dtrace -qs
/*
 * cpudist.d: on-CPU time per run: how long threads run each time they
 * get a CPU before they block or are preempted, as a histogram per
 * program, printed on Ctrl-C.
 *
 * Usage: ./cpudist.d            every process (the idle loop left out)
 *        ./cpudist.d -p PID     only PID
 *        ./cpudist.d -c CMD     run CMD and measure it
 *
 * Output: for each program name, a power-of-two histogram of run times
 * in microseconds: "value" is a bucket's lower bound, "count" the runs
 * that long. Short runs (tens of microseconds) are threads waking to do
 * a little work and sleeping again (I/O, messaging: many context
 * switches); runs of milliseconds are computation, cut at the
 * scheduler's time slice when others wait for the CPU.
 *
 * Probes: sched:::on-cpu and sched:::off-cpu.
 */
#pragma D option quiet

BEGIN
{
	printf("Tracing on-CPU time... Hit Ctrl-C to end.\n");
}

sched:::on-cpu
/pid != 0 && ($target == 0 || pid == $target)/
{
	self->on = timestamp;
}

sched:::off-cpu
/self->on/
{
	@us[execname] = quantize((timestamp - self->on) / 1000);
	self->on = 0;
}

END
{
	printa("\n%s (us)\n%@d\n", @us);
}
