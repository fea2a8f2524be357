/*
 * Sample kernel and user stacks at 99 Hertz for ten seconds; the
 * aggregation keyed by stacks is what `-x pprof=out.pb.gz` writes as a
 * profile (go tool pprof -top out.pb.gz), and `-x folded=out.folded` as
 * folded stacks (flamegraph.pl out.folded > out.svg).
 */
profile-99
/pid != 0/
{
	@samples[execname, stack(), ustack()] = count();
}

tick-10s
{
	exit(0);
}
