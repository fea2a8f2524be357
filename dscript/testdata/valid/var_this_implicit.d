/* Exercises: clause-local variables (this->) used as temporaries within one clause. */
syscall::write:entry
{
	this->fd = (int)arg0;
	this->len = arg2;
	this->kind = this->fd <= 2 ? "stdio" : "file";
	@w[this->kind] = quantize(this->len);
}
