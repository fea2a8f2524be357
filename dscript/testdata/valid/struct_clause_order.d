/* Exercises: multiple clauses on the same probe executed in program order, sharing a clause-local. */
#pragma D option quiet

syscall::read:entry
{
	this->fd = arg0;
	this->n = arg2;
}

syscall::read:entry
/this->fd == 0/
{
	@stdin = sum(this->n);
}

syscall::read:entry
/this->fd != 0/
{
	@other = sum(this->n);
}
