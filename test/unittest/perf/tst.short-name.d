/* @@trigger: while :; do umask 0624; sleep 0.1; done */
#pragma D option quiet

/* A tracepoint can be named by its event name alone. */
int done;
perf:::sys_enter
/arg1 == 95 && !done/
{
	done = 1;
	printf("%s\n", probename);
	exit(0);
}
