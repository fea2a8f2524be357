/* Exercises: compound assignments on thread-locals, associative array elements and struct members. */
struct acc {
	uint64_t total;
	uint32_t mask;
};
struct acc a;
uint64_t per[string];

syscall::write:entry
{
	self->n = 0;
	self->n += arg2;
	self->n <<= 1;
	per[execname] += arg2;
	per[execname] -= 1;
	a.total += arg2;
	a.mask |= 1 << (arg0 & 31);
	a.mask &= 0xffff;
}
