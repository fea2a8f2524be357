/* Exercises: print() of an integer, a string and a script-declared struct value. */
struct conn {
	uint32_t saddr;
	uint32_t daddr;
	uint16_t sport;
	uint16_t dport;
};

syscall::connect:entry
{
	this->c = (struct conn *)copyin(arg1, sizeof (struct conn));
	print(*this->c);
	print(arg2);
	print(execname);
}
