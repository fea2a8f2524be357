/* Exercises: trace() of integers, strings, expressions, string literals and builtins. */
syscall::openat:entry
{
	trace(pid);
	trace(execname);
	trace("opening");
	trace(copyinstr(arg1));
	trace(arg2 & 0x3);
	trace(timestamp / 1000);
	trace(-1);
}
