#pragma D option quiet

/*
 * rw_read_held(), rw_write_held() and rw_iswriter() read an rwlock_t's
 * counts: the readers above the low 9 bits, the writer-locked byte, the
 * writer bits.
 */
BEGIN
{
	this->rw = (rwlock_t *)alloca(sizeof (rwlock_t));
	*(int *)this->rw = 0x400;
	printf("%x %x %x\n", rw_read_held(this->rw), rw_write_held(this->rw), rw_iswriter(this->rw));
	*(int *)this->rw = 0xff;
	printf("%x %x %x\n", rw_read_held(this->rw), rw_write_held(this->rw), rw_iswriter(this->rw));
	*(int *)this->rw = 0x100;
	printf("%x %x %x\n", rw_read_held(this->rw), rw_write_held(this->rw), rw_iswriter(this->rw));
	exit(0);
}
