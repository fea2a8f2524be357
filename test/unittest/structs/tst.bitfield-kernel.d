#pragma D option quiet

/*
 * A kernel struct's bit-fields (struct bpf_insn's dst_reg:4 and
 * src_reg:4, from the kernel's BTF) are written, incremented and read
 * back, in alloca'd memory, without touching the bytes around them; a
 * task's one-bit flags read as 0 or 1.
 */

BEGIN
{
	this->i = (struct bpf_insn *)alloca(sizeof (struct bpf_insn));
	this->i->code = 0x85;
	this->i->dst_reg = 3;
	this->i->src_reg = 10;
	this->i->off = -2;
	this->i->src_reg++;
	printf("%d %d %d %d %d\n", this->i->code, this->i->dst_reg,
	    this->i->src_reg, this->i->off, sizeof (struct bpf_insn));
	this->i->dst_reg = 17;
	printf("%d %d\n", this->i->dst_reg, this->i->src_reg);
	printf("%d %d\n", curthread->in_iowait <= 1,
	    curthread->sched_reset_on_fork <= 1);
	exit(0);
}
