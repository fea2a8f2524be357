/* Exercises: thread-local associative arrays (self->x[key]). */
syscall::read:entry,
syscall::write:entry
{
	self->ts[probefunc] = timestamp;
}

syscall::read:return,
syscall::write:return
/self->ts[probefunc]/
{
	@t[probefunc] = sum(timestamp - self->ts[probefunc]);
	self->ts[probefunc] = 0;
}
