/* Exercises: toupper() and tolower() on strings. */
syscall::execve:entry
{
	@up[toupper(execname)] = count();
	@low[tolower("MiXeD")] = count();
}
