/* Exercises: casting arguments to pointers of script-declared structs and typedef names. */
typedef struct msg {
	uint32_t len;
	uint16_t type;
	uint16_t flags;
} msg_t;

syscall::sendmsg:entry
{
	this->m = (msg_t *)copyin(arg1, sizeof (msg_t));
	this->raw = (struct msg *)this->m;
	@types[this->m->type] = count();
	@len = quantize((uint64_t)this->raw->len);
}
