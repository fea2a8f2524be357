/* Exercises: implicit thread-local variables (self->), set on entry, tested and cleared on return. */
syscall::read:entry
{
	self->ts = timestamp;
	self->fd = arg0;
}

syscall::read:return
/self->ts/
{
	@lat[self->fd] = avg(timestamp - self->ts);
	self->ts = 0;
	self->fd = 0;
}
