/* Exercises: predicates comparing builtin variables against constants. */
syscall::openat:entry
/pid != 0 && uid == 0/
{
	trace(execname);
}

syscall::openat:return
/arg0 < 0/
{
	trace(errno);
}
