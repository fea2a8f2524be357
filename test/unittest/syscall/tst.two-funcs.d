/* @@nosort */
/* @@trigger: while :; do umask 0622; kill -0 31338 2>/dev/null; sleep 0.1; done */
#pragma D option quiet

/* Clauses on two different system calls. */
self int u;

syscall::umask:entry
/arg0 == 0622 && !self->u/
{
	self->u = 1;
	printf("%s\n", probefunc);
}

syscall::kill:entry
/self->u && arg0 == 31338/
{
	self->u = 0;
	printf("%s\n", probefunc);
	exit(0);
}
