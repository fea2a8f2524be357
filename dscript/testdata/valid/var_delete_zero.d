/* Exercises: deleting dynamic variables by assigning 0 (globals-assoc, self->, self-> arrays). */
syscall::connect:entry
{
	pending[tid] = timestamp;
	self->fd = arg0;
	self->tag["c"] = 1;
}

syscall::connect:return
/pending[tid]/
{
	@c = quantize(timestamp - pending[tid]);
	pending[tid] = 0;
	self->fd = 0;
	self->tag["c"] = 0;
}
