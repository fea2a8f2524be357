/* @@trigger: sh -c 'while :; do umask 0631; sleep 0.1; done' */
#pragma D option quiet

/* Another process descends from its parent and init, not from dtrace. */
syscall::umask:entry
/arg0 == 0631/
{
	printf("%d %d %d %d\n", progenyof(pid), progenyof(ppid), progenyof(1),
	    progenyof($pid));
	exit(0);
}
