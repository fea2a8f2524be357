/* Exercises: inline integer constants, inline expressions built from other inlines. */
inline int MAX = 10;
inline int HALF = MAX / 2;
inline uint64_t NS_PER_MS = 1000000;
inline int64_t MS2 = 2 * NS_PER_MS;

syscall::poll:entry
{
	self->ts = timestamp;
}

syscall::poll:return
/self->ts && timestamp - self->ts > MS2/
{
	@slow[execname] = lquantize((timestamp - self->ts) / NS_PER_MS, 0, 10, 1);
	@half[MAX, HALF] = count();
	self->ts = 0;
}

syscall::poll:return
/HALF > 0/
{
	self->ts = 0;
}
