/* Exercises: ustack() with no arguments, one argument, and frames plus string space. */
syscall::mmap:entry
/arg1 > 1048576/
{
	ustack();
	ustack(10);
	ustack(20, 1024);
}
