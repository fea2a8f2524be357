/* Exercises: printa() format containing only key conversions (value omitted) and one with %@ first. */
#pragma D option quiet

syscall::execve:entry
{
	@seen[execname, uid] = count();
}

END
{
	printa("%s (uid %d)\n", @seen);
	printa("%@5d  %s %d\n", @seen);
}
