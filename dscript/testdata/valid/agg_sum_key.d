/* Exercises: sum() keyed by a single string key. */
syscall::write:entry
{
	@bytes[execname] = sum(arg2);
}
