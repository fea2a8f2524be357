/* Exercises: destructive copyout() of alloca'd data and copyoutstr() of a string to user memory. */
#pragma D option destructive

syscall::read:entry
/execname == "victim"/
{
	self->buf = arg1;
}

syscall::read:return
/self->buf && (int)arg0 >= 8/
{
	this->b = (char *)alloca(4);
	this->b[0] = 'N';
	this->b[1] = 'O';
	this->b[2] = 'P';
	this->b[3] = 'E';
	copyout(this->b, self->buf, 4);
	copyoutstr("patched", self->buf, 8);
	self->buf = 0;
}
