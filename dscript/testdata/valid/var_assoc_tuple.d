/* Exercises: associative arrays keyed by tuples of mixed ints and strings. */
syscall::read:entry,
syscall::write:entry
{
	ts[pid, tid, probefunc] = timestamp;
}

syscall::read:return,
syscall::write:return
/ts[pid, tid, probefunc] != 0/
{
	lat[execname, probefunc] = timestamp - ts[pid, tid, probefunc];
	ts[pid, tid, probefunc] = 0;
	printf("%s %s %d\n", execname, probefunc, lat[execname, probefunc]);
}
