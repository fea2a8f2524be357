/* Exercises: strchr() and strrchr() to extract the extension and the first path component. */
syscall::openat:entry
{
	this->p = copyinstr(arg1);
	this->ext = strrchr(this->p, '.');
	this->rest = strchr(this->p, '/');
	@ext[this->ext] = count();
	@rest[this->rest] = count();
}
