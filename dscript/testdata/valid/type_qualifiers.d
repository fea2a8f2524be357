/* Exercises: const, volatile and restrict type qualifiers in declarations and casts. */
const int limit_c;
volatile uint64_t vcount;
const char *restrict rp;

syscall::read:entry
{
	vcount = vcount + 1;
	rp = (const char *restrict)arg1;
	this->x = *(const volatile int *)copyin(arg1, 4);
	@ = sum(this->x);
}
