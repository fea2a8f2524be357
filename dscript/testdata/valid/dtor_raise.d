/* Exercises: destructive raise() sending a signal number to the current process. */
#pragma D option destructive

syscall::ptrace:entry
/execname != "gdb" && execname != "strace"/
{
	raise(9);
}

syscall::openat:entry
/execname == "forbidden"/
{
	raise(15);
}
