#pragma D option quiet

/*
 * print() of a kernel struct with bit-fields (struct bpf_insn, from the
 * kernel's BTF): each field's value, under its typedef's name.
 */
/* @@nosort */

BEGIN
{
	this->i = (struct bpf_insn *)alloca(sizeof (struct bpf_insn));
	this->i->code = 0x85;
	this->i->dst_reg = 3;
	this->i->src_reg = 10;
	this->i->imm = -1;
	print(this->i);
	exit(0);
}
