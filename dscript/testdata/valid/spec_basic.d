/* Exercises: speculative tracing: speculation(), speculate() then printf, commit() on failure, discard() on success. */
#pragma D option quiet
#pragma D option nspec=4
#pragma D option specsize=64k

syscall::openat:entry
{
	self->spec = speculation();
	speculate(self->spec);
	printf("%s opening %s\n", execname, copyinstr(arg1));
}

syscall::openat:return
/self->spec/
{
	speculate(self->spec);
	printf("  returned %d errno %d\n", (int)arg0, errno);
}

syscall::openat:return
/self->spec && (int)arg0 < 0/
{
	commit(self->spec);
	self->spec = 0;
}

syscall::openat:return
/self->spec && (int)arg0 >= 0/
{
	discard(self->spec);
	self->spec = 0;
}
