/* Exercises: alloca() scratch memory, bcopy() from user-copied data into it, and typed access. */
struct kv {
	uint32_t key;
	uint32_t val;
};

syscall::write:entry
/arg2 >= 8/
{
	this->src = copyin(arg1, 8);
	this->dst = (struct kv *)alloca(sizeof (struct kv));
	bcopy(this->src, this->dst, sizeof (struct kv));
	@[this->dst->key] = sum(this->dst->val);
}
