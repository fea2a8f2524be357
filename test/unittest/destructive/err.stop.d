/* stop() needs -w, even in a clause that never fires. */
syscall::getppid:entry
/0/
{
	stop();
}

BEGIN
{
	exit(0);
}
