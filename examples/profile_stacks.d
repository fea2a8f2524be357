/*
 * Sample kernel and user stacks at 99 Hertz for ten seconds; the
 * aggregation keyed by stacks is what `-x pprof` will write as a profile.
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
