/* @@runtest-opts: mask entry */
/* @@trigger: sh -c 'while :; do umask 0627; sleep 0.1; done' */
#pragma D option quiet

/* A macro may be part of a field, or the whole of another. */
syscall::u$1:$2
/arg0 == 0627/
{
	printf("%s:%s\n", probefunc, probename);
	exit(0);
}
