/* Exercises: printf with fixed-width columns built from ternary and string builtins. */
#pragma D option quiet

syscall::openat:return
/(int)arg0 < 0/
{
	printf("%-16s %-8s %4d %s\n", execname, probefunc, errno,
	    errno == 2 ? "ENOENT" : errno == 13 ? "EACCES" : "other");
}
