#!/usr/bin/env -S dtrace -qs
/*
 * profile.d: where the CPUs spend their time: the kernel and user stacks
 * of whatever runs, sampled 99 times a second on every CPU, counted, and
 * printed on Ctrl-C (or when the -c command ends).
 *
 * Usage: ./profile.d               every process (the idle loop left out)
 *        ./profile.d -p PID        only PID
 *        ./profile.d -c CMD        run CMD and profile it
 *
 * Output: one block per distinct sample, the least frequent first (the
 * hottest are at the end, above your prompt): the kernel stack (empty
 * when the sample hit user code), a "--" line, the user stack, the
 * process as "COMM (PID)", and the number of samples. At 99 Hz, a
 * count of 99 is one CPU-second. Frames are "module`function+offset";
 * a bare address is code without a symbol (JIT code without a perf map,
 * a stripped binary). For a flame graph, run it with
 * "-x folded=out.folded" and feed that to flamegraph.pl.
 *
 * Probes: profile-99 (a timer on each CPU).
 */
#pragma D option quiet

BEGIN
{
	printf("Sampling at 99 Hertz... Hit Ctrl-C to end.\n");
}

profile-99
/pid != 0 && ($target == 0 || pid == $target)/
{
	@samples[stack(), ustack(), execname, pid] = count();
}

END
{
	printa("%-8k    --%-8k    %s (%d)\n        %@d\n\n", @samples);
}
