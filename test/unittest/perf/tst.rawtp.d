/* @@trigger: while :; do umask 0626; umask 0022; sleep 0.1; done */
#pragma D option quiet

/* rawtp:raw_syscalls::sys_exit: arg1 is the return value. */
int done;
rawtp:raw_syscalls::sys_exit
/arg1 == 0626 && execname == "sh" && !done/
{
	done = 1;
	printf("%s:%s:%s:%s %o\n", probeprov, probemod, probefunc, probename, arg1);
	exit(0);
}
