/* Exercises: speculate() followed by trace(), stack() and ustack() data-recording actions. */
syscall::write:entry
{
	self->sp = speculation();
}

syscall::write:entry
/self->sp/
{
	speculate(self->sp);
	trace(arg2);
	stack();
	ustack(4);
}

syscall::write:return
/self->sp && errno == 28/
{
	commit(self->sp);
	self->sp = 0;
}

syscall::write:return
/self->sp/
{
	discard(self->sp);
	self->sp = 0;
}
