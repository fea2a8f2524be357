/* @@trigger: while :; do umask 0621; sleep 0.1; done */
#pragma D option quiet

/* An aggregation counts exactly the firings before exit(). */
int n;

syscall::umask:entry
/arg0 == 0621/
{
	@[probefunc] = count();
	n++;
}

syscall::umask:entry
/arg0 == 0621 && n == 3/
{
	exit(0);
}
