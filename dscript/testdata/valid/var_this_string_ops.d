/* Exercises: clause-local strings built by string subroutines and reused in the same clause. */
syscall::openat:entry
{
	this->path = copyinstr(arg1);
	this->base = basename(this->path);
	this->dir = dirname(this->path);
	@files[this->dir, this->base] = count();
}
