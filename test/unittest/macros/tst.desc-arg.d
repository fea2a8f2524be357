/* @@runtest-opts: umask */
/* @@trigger: sh -c 'while :; do umask 0626; sleep 0.1; done' */
#pragma D option quiet

/* $1 in a probe description is the first argument. */
syscall::$1:entry
/arg0 == 0626/
{
	printf("%s %s\n", probefunc, $$1);
	exit(0);
}
