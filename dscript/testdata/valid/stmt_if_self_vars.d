/* Exercises: if/else assigning and clearing thread-local variables. */
syscall::futex:entry
{
	self->ts = timestamp;
}

syscall::futex:return
{
	if (self->ts) {
		@wait[execname] = quantize(timestamp - self->ts);
		self->ts = 0;
	} else {
		@missed = count();
	}
}
