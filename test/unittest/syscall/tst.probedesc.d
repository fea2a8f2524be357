/* @@trigger: while :; do umask 0615; sleep 0.1; done */
#pragma D option quiet

/* syscall probes are syscall:vmlinux:NAME:entry/return. */
int done;
syscall::umask:entry
/arg0 == 0615 && !done/
{
	done = 1;
	printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
	exit(0);
}
