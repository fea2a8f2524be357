/* Exercises: probe identity builtins probeprov, probemod, probefunc, probename, id, epid, cpu. */
#pragma D option quiet

fbt:vmlinux:vfs_read:entry,
syscall::read:entry
{
	printf("%s:%s:%s:%s id=%d epid=%d cpu=%d\n", probeprov, probemod,
	    probefunc, probename, id, epid, cpu);
}
