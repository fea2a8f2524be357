/* Exercises: aggregation keyed by ustack() variants. */
syscall::brk:entry,
syscall::mmap:entry
{
	@u[ustack()] = count();
	@u5[execname, ustack(5)] = count();
	@u6[ustack(6, 512)] = count();
}
