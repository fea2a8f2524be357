/* Exercises: subroutine calls and complex expressions inside predicates. */
syscall::openat:entry
/strlen(copyinstr(arg1)) > 20 && index(copyinstr(arg1), "/proc/") == -1/
{
	@long[execname] = count();
}

syscall::openat:entry
/index(execname, "sh") >= 0 || rindex(execname, "d") == strlen(execname) - 1/
{
	@shells[execname] = count();
}
