/* @@trigger: sh -c 'while :; do umask 0624; sleep 0.3; done' */
#pragma D option quiet

/* vtimestamp does not advance while the thread sleeps. */
syscall::umask:entry
/arg0 == 0624 && self->vt == 0/
{
	self->vt = vtimestamp;
	self->ts = timestamp;
}

syscall::umask:return
/self->vt != 0 && timestamp - self->ts > 200000000/
{
	this->vd = vtimestamp - self->vt;
	this->td = timestamp - self->ts;
	printf("%d %d\n", this->vd > 0, this->vd < this->td / 2);
	exit(0);
}
