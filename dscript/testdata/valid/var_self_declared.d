/* Exercises: declared thread-local variables of int, string and uint64 type. */
self int depth;
self string path;
self uint64_t t;

syscall::openat:entry
{
	self->path = copyinstr(arg1);
	self->t = timestamp;
	self->depth++;
}

syscall::openat:return
/self->t != 0/
{
	printf("%s depth=%d %d ns -> %d\n", self->path, self->depth,
	    timestamp - self->t, (int)arg0);
	self->t = 0;
	self->depth--;
}
