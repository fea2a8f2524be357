/* @@trigger: while :; do umask 0612; umask 0022; sleep 0.1; done */
#pragma D option quiet

/* syscall::umask:return sees the old mask in arg0. */
int done;
syscall::umask:return
/arg0 == 0612 && !done/
{
	done = 1;
	printf("%s %s %o\n", probefunc, probename, arg0);
	exit(0);
}
