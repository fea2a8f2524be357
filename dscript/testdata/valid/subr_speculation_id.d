/* Exercises: speculation() returning an ID stored in a thread-local and compared in predicates. */
syscall::openat:entry
{
	self->spec = speculation();
}

syscall::openat:return
/self->spec && (int)arg0 < 0/
{
	commit(self->spec);
	self->spec = 0;
}

syscall::openat:return
/self->spec/
{
	discard(self->spec);
	self->spec = 0;
}
