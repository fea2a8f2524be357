/*
 * @@runtest-opts: -w
 * return() makes a kernel function fail at its entry: it is refused in a
 * clause enabled on any other probe, here a system call's.
 */
syscall::getppid:entry
{
	return(-1);
}
