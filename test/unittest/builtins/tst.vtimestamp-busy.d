/* @@trigger: sh -c 'while :; do umask 0625; i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; done' */
#pragma D option quiet

/*
 * vtimestamp advances while the thread runs, and never faster than the
 * clock (give or take a scheduler tick: a thread not switched in since
 * tracing began reads its run time as the scheduler last updated it).
 */
syscall::umask:entry
/arg0 == 0625 && self->vt == 0/
{
	self->vt = vtimestamp;
	self->ts = timestamp;
}

syscall::umask:entry
/self->vt != 0 && timestamp - self->ts > 10000000/
{
	this->vd = vtimestamp - self->vt;
	this->td = timestamp - self->ts;
	printf("%d %d\n", this->vd > 1000000, this->vd <= this->td + 10000000);
	exit(0);
}
