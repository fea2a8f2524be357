/* @@trigger: while :; do umask 0627; sleep 0.1; done */
/* Without -q a tracepoint prints :NAME (the function is empty). */
int done;
perf:raw_syscalls::sys_enter
/arg1 == 95 && !done/
{
	done = 1;
	exit(0);
}
