/* @@runtest-opts: -q -c unittest/stable/psargs.sh */

/*
 * psargs.sh execs /bin/sleep with twenty arguments of 0.01.
 * pr_psargs is the process's arguments joined by spaces, truncated to
 * the 79 characters pr_psargs holds; d_execargs() gives them whole (up to
 * strsize). Another process's memory cannot be read from a probe: its
 * arguments are then its command name.
 */
syscall::clock_nanosleep:entry,
syscall::nanosleep:entry
/pid == $target && execname == "sleep"/
{
	printf("[%s] %d\n", curpsinfo->pr_psargs, strlen(curpsinfo->pr_psargs));
	printf("[%s]\n", stringof(curpsinfo->pr_psargs));
	printf("[%s]\n", d_execargs(curthread));
	printf("[%s]\n", d_execargs(curthread->real_parent));
	this->ps = curpsinfo;
	printf("[%s]\n", this->ps->pr_psargs);
	exit(0);
}
