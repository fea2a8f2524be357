/* Exercises: trace() of a dereferenced script-declared struct and of a char array member. */
struct ev {
	uint32_t type;
	uint32_t code;
	char tag[8];
};

syscall::write:entry
/arg2 >= 16/
{
	this->e = (struct ev *)copyin(arg1, sizeof (struct ev));
	trace(*this->e);
	trace(this->e->tag);
}
