/* Exercises: the same name used as a global, a thread-local and a clause-local at once. */
BEGIN
{
	x = 1;
}

syscall::read:entry
{
	self->x = x + 1;
	this->x = self->x + 1;
	x = this->x + 1;
}

syscall::read:return
/self->x/
{
	@v = max(self->x);
	self->x = 0;
}
