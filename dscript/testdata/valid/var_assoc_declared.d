/* Exercises: declared associative arrays with explicit key and value types. */
uint64_t start[int, int];
string cmd[pid_t];
int hits[string, string, int];

syscall::execve:entry
{
	start[pid, tid] = timestamp;
	cmd[pid] = execname;
	hits[execname, probefunc, uid] = hits[execname, probefunc, uid] + 1;
}

syscall::execve:return
/start[pid, tid]/
{
	printf("%s took %d\n", cmd[pid], timestamp - start[pid, tid]);
	start[pid, tid] = 0;
	cmd[pid] = 0;
}
