/* @@trigger: while :; do umask 0625; sleep 0.1; done */
#pragma D option quiet

/* The sdt provider names the same tracepoints. */
int done;
sdt:raw_syscalls::sys_enter
/arg1 == 95 && !done/
{
	done = 1;
	printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
	exit(0);
}
