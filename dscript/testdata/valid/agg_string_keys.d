/* Exercises: aggregation keyed by subroutine-produced strings. */
syscall::openat:entry
{
	this->p = copyinstr(arg1);
	@dir[dirname(this->p)] = count();
	@ext[strjoin(".", basename(this->p))] = count();
}
