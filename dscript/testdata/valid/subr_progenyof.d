/* Exercises: progenyof() to match descendants of the tracing process or of init. */
syscall::execve:entry
/progenyof($pid)/
{
	printf("child of dtrace: %s\n", execname);
}

syscall::execve:entry
/!progenyof(1)/
{
	@orphans[execname] = count();
}
