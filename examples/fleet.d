/*
 * What each node of a fleet aggregates, for dtrace -x httpserver to serve
 * (examples/daemonset.yaml): system calls by name, process and container
 * (a counter per triple in Prometheus, labelled with the cgroup's path and
 * the container's and pod's ids), the latency of read(2) in nanoseconds
 * (a histogram), and kernel and user stacks sampled at 99 Hertz by
 * process and container (a profile at /debug/pprof/cpu for Parca or
 * Pyroscope).
 */
#pragma D option quiet

syscall:::entry
{
	@syscalls[probefunc, execname, cgroup_path(cgroup)] = count();
}

syscall::read:entry
{
	self->ts = timestamp;
}

syscall::read:return
/self->ts/
{
	@read_latency = quantize(timestamp - self->ts);
	self->ts = 0;
}

profile-99
/pid != 0/
{
	@cpu[execname, cgroup_path(cgroup), stack(), ustack()] = count();
}
