/*
 * Exercises: print() of pointers, as Oracle's prototype "void(void *)"
 * takes: to a script-declared struct and to an integer.
 */
struct conn {
	uint32_t saddr;
	uint32_t daddr;
	uint16_t sport;
	uint16_t dport;
};

syscall::connect:entry
{
	this->c = (struct conn *)copyin(arg1, sizeof (struct conn));
	print(this->c);
	print((int *)arg2);
}
