/* @@trigger: while :; do umask 0616; sleep 0.1; done */
/* Without -q: the FUNCTION:NAME prefix, then arg0 as a 64-bit signed value. */
int done;
syscall::umask:entry
/arg0 == 0616 && !done/
{
	done = 1;
	trace(arg0);
	exit(0);
}
