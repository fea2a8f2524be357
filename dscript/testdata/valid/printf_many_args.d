/* Exercises: printf with many arguments of mixed types in one call. */
#pragma D option quiet

syscall::openat:entry
{
	printf("%Y %-16s %6d %6d %6d %5d %5d %3d %x %s\n", walltimestamp, execname,
	    pid, ppid, tid, uid, gid, cpu, (uint_t)arg2, copyinstr(arg1));
}
