/*
 * @@runtest-opts: -q
 * @@nosort
 * tracemem() prints DTrace's hex dump: a header of column numbers, rows of
 * 16 bytes with their offset, printable bytes as themselves, others as dots.
 */
BEGIN
{
	this->p = (char *)alloca(40);
	this->p[0] = 0x44;
	this->p[1] = 0x54;
	this->p[2] = 0x72;
	this->p[3] = 0x61;
	this->p[4] = 0x63;
	this->p[5] = 0x65;
	this->p[6] = 0x0a;
	this->p[16] = 0x7e;
	this->p[17] = 0x7f;
	this->p[18] = 0x20;
	this->p[31] = 0xff;
	this->p[32] = 0x31;
	tracemem(this->p, 16);
	tracemem(this->p, 33);
	tracemem(this->p, 40, 7);
	tracemem(this->p, 8, 100);
	tracemem(this->p, 8, 0);
	exit(0);
}
