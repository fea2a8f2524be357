/* Exercises: avg(), min() and max() on the same latency value. */
syscall::read:entry
{
	self->ts = timestamp;
}

syscall::read:return
/self->ts/
{
	this->d = timestamp - self->ts;
	@avg_ns[execname] = avg(this->d);
	@min_ns[execname] = min(this->d);
	@max_ns[execname] = max(this->d);
	self->ts = 0;
}
