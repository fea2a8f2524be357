#!/usr/sbin/dtrace -s
/* Exercises: an interpreter line "#!/usr/sbin/dtrace -s" as the first line. */

syscall::openat:entry
{
	printf("%s %s\n", execname, copyinstr(arg1));
}
