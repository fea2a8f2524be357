/* @@trigger: while :; do umask 0623; sleep 0.1; done */
#pragma D option quiet

/* perf:raw_syscalls::sys_enter: arg1 is the system call number (umask is 95). */
int done;
perf:raw_syscalls::sys_enter
/arg1 == 95 && !done/
{
	done = 1;
	printf("%s:%s:%s:%s %d\n", probeprov, probemod, probefunc, probename, arg1);
	exit(0);
}
