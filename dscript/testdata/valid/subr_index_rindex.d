/* Exercises: index() and rindex() with two arguments and with a start position. */
syscall::openat:entry
{
	this->p = copyinstr(arg1);
	this->first = index(this->p, "/");
	this->second = index(this->p, "/", this->first + 1);
	this->last = rindex(this->p, "/");
	this->prev = rindex(this->p, "/", this->last - 1);
	@[this->first, this->second, this->last, this->prev] = count();
}
