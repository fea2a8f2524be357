/* The return probes of all system calls have different argument types. */
syscall::read:
{
	trace(args[0]);
}
