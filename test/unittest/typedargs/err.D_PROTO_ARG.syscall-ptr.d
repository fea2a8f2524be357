/* openat's filename is a const char *, which copyinstr() does not take. */
syscall::openat:entry
{
	trace(copyinstr(args[1]));
}
