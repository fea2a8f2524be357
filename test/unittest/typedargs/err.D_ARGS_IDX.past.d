/* read(2) has three arguments. */
syscall::read:entry
{
	trace(args[3]);
}
