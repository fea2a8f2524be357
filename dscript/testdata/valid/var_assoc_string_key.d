/* Exercises: associative arrays keyed by strings, string values and string keys from builtins. */
syscall::execve:entry
{
	parent[execname] = ppid;
	lastfunc[probefunc] = execname;
}

syscall::exit_group:entry
/parent[execname] != 0/
{
	printf("%s child of %d (%s)\n", execname, parent[execname], lastfunc["execve"]);
}
