#pragma D option quiet

/*
 * copyinto copies user memory into scratch memory; a bad user address
 * faults, and so does a destination past what the clause allocated.
 * (A destination that is not an alloca pointer is refused when the program
 * is compiled.)
 */
BEGIN
{
	this->buf = (char *)alloca(8);
	copyinto(0, 8, this->buf);
}

BEGIN
{
	this->buf = (char *)alloca(8);
	copyinto((uintptr_t)curthread, 8, this->buf + 8);
}

BEGIN
{
	printf("done\n");
	exit(0);
}
