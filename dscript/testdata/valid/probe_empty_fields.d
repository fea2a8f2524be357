/* Exercises: four-field descriptions with various empty fields. */
syscall:::entry
/pid == $pid/
{
	@[probefunc] = count();
}

:::BEGIN
{
	trace("begin");
}

::openat:entry
{
	@o = count();
}

sched::: 
/cpu == 0/
{
	@s[probename] = count();
}
