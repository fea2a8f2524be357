/* Exercises: xlate<T *>(p)->member form of the translate operator. */
struct kstat_raw {
	uint64_t ks_rd;
	uint64_t ks_wr;
};

struct iostat {
	uint64_t reads;
	uint64_t writes;
	uint64_t total;
};

translator struct iostat < struct kstat_raw *k > {
	reads = k->ks_rd;
	writes = k->ks_wr;
	total = k->ks_rd + k->ks_wr;
};

syscall::ioctl:entry
{
	this->k = (struct kstat_raw *)copyin(arg2, sizeof (struct kstat_raw));
	@rd = sum(xlate <struct iostat *> (this->k)->reads);
	@tot = sum(xlate <struct iostat *> (this->k)->total);
}
