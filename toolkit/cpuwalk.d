#!/usr/bin/env -S dtrace -qs
/*
 * cpuwalk.d: which CPUs each process runs on, sampled 997 times a second
 * on every CPU, as a histogram per process, printed on Ctrl-C.
 *
 * Usage: ./cpuwalk.d             every process (the idle loop left out)
 *        ./cpuwalk.d -p PID      only PID
 *        ./cpuwalk.d -c CMD      run CMD and watch it
 *
 * Output: for each process, "PID COMM" and a linear histogram over CPU
 * numbers: "value" is a CPU, "count" the samples that found the
 * process running there (at 997 Hz, 997 samples are one CPU-second). A
 * single-threaded process spread over all CPUs is migrating (cache
 * misses on each move); one stuck on a single CPU while others idle is
 * pinned (taskset, cpusets) or single-threaded by nature.
 *
 * Probes: profile-997.
 */
#pragma D option quiet

BEGIN
{
	printf("Sampling CPU usage... Hit Ctrl-C to end.\n");
}

profile-997
/pid != 0 && ($target == 0 || pid == $target)/
{
	@cpus[pid, execname] = lquantize(cpu, 0, 256, 1);
}

END
{
	printa("\n%d %s\n%@d\n", @cpus);
}
