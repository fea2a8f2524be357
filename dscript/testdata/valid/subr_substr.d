/* Exercises: substr() with two and three arguments, including negative index. */
syscall::openat:entry
{
	this->p = copyinstr(arg1);
	this->head = substr(this->p, 0, 5);
	this->tail = substr(this->p, -4);
	this->mid = substr(this->p, 1, strlen(this->p) - 2);
	@[this->head, this->tail] = count();
}
