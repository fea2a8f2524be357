/* Exercises: translator declaration from a script-declared input struct pointer, used via xlate<T>(p).member. */
struct raw_req {
	uint32_t r_op;
	uint32_t r_len;
	uint64_t r_off;
};

struct reqinfo {
	int op;
	uint64_t bytes;
	uint64_t offset;
};

translator struct reqinfo < struct raw_req *r > {
	op = r->r_op;
	bytes = r->r_len;
	offset = r->r_off;
};

syscall::ioctl:entry
{
	this->r = (struct raw_req *)copyin(arg2, sizeof (struct raw_req));
	@ops[xlate <struct reqinfo> (this->r).op] = sum(xlate <struct reqinfo> (this->r).bytes);
}
