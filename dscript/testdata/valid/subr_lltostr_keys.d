/* Exercises: lltostr() composed with strjoin() to build string keys from integers. */
syscall::read:entry
{
	@[strjoin(execname, strjoin("/", lltostr(tid)))] = sum(arg2);
}
