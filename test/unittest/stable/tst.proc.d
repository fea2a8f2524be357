/* @@pre: sh unittest/stable/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-stable/stablework-proc */

/*
 * The proc provider: a process that forks four children (one exits with
 * status 3, one is killed by SIGKILL, one execs /bin/true, one fails to
 * exec a path that does not exist), signals itself, takes a signal with
 * sigwait, and runs a thread.
 */
proc:::create
/pid == $target/
{
	this->child = args[0];
	printf("create: parent %d, child's parent is the target %d, whole %d\n",
	    args[0]->pr_ppid == $target, args[0]->pr_pid != $target,
	    this->child->pr_ppid == $target && this->child->pr_pid == args[0]->pr_pid);
}

proc:::exec
/progenyof($target) && pid != $target/
{
	printf("exec %s\n", args[0]);
}

proc:::exec-success
/progenyof($target) && pid != $target/
{
	printf("exec-success %s %d\n", execname, curpsinfo->pr_ppid == $target);
}

proc:::exec-failure
/progenyof($target) && pid != $target/
{
	printf("exec-failure %d %d\n", args[0], args[0] == ENOENT);
}

proc:::exit
/progenyof($target)/
{
	printf("exit %s %d\n", pid == $target ? "target" : "child", args[0]);
}

proc:::signal-send
/pid == $target && args[2] == SIGUSR1/
{
	printf("signal-send SIGUSR1 to itself %d %d\n", args[1]->pr_pid == $target,
	    args[0]->pr_lwpid == $target);
}

proc:::signal-send
/pid == $target && args[2] == SIGKILL/
{
	printf("signal-send SIGKILL to its child %d\n", args[1]->pr_ppid == $target);
}

proc:::signal-handle
/pid == $target && args[0] == SIGUSR1/
{
	printf("signal-handle %d, handler set %d\n", args[0], args[2] != 0);
}

proc:::signal-clear
/pid == $target/
{
	printf("signal-clear %d %d\n", args[0], args[0] == SIGUSR2);
}

proc:::lwp-create
/pid == $target/
{
	printf("lwp-create in the target %d, a new thread %d\n",
	    args[1]->pr_pid == $target, args[0]->pr_lwpid != $target);
}

proc:::lwp-exit
/pid == $target/
{
	printf("lwp-exit %d\n", tid != $target);
}
