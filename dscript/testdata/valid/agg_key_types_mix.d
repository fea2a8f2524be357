/* Exercises: aggregation keys mixing string, int, uint64, char and enum types. */
enum dir { D_IN, D_OUT };

syscall::read:entry
{
	@[execname, (char)'r', D_IN, (uint64_t)arg0] = sum(arg2);
}

syscall::write:entry
{
	@[execname, (char)'w', D_OUT, (uint64_t)arg0] = sum(arg2);
}
