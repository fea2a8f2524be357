/* Exercises: builtin process/thread identity variables pid, ppid, tid, uid, gid, execname. */
#pragma D option quiet

syscall::execve:entry
{
	printf("pid=%d ppid=%d tid=%d uid=%d gid=%d exec=%s\n",
	    pid, ppid, tid, uid, gid, execname);
}
