/* @@nosort */
/* @@trigger: exec bash -c 'while :; do umask 0620; umask 0617; sleep 0.1; done' */
#pragma D option quiet

/* Entry and return of the same call, in order. */
int done;
syscall::umask:entry
/arg0 == 0617 && !done/
{
	self->t = 1;
	printf("entry %o\n", arg0);
}

syscall::umask:return
/self->t/
{
	done = 1;
	self->t = 0;
	printf("return %o\n", arg0);
	exit(0);
}
