/* Exercises: thread-local holding a pointer to a script-declared struct, dereferenced on return. */
struct iovec_s {
	void *base;
	size_t len;
};

syscall::readv:entry
{
	self->iov = (struct iovec_s *)arg1;
	self->cnt = arg2;
}

syscall::readv:return
/self->iov/
{
	this->first = (struct iovec_s *)copyin((uintptr_t)self->iov, sizeof (struct iovec_s));
	@first = quantize(this->first->len);
	@cnt = lquantize(self->cnt, 0, 16, 1);
	self->iov = 0;
	self->cnt = 0;
}
