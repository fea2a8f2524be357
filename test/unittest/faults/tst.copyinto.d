#pragma D option quiet

/*
 * copyinto copies user memory into scratch memory; a bad user address
 * faults, and so does a destination outside scratch memory.
 */
BEGIN
{
	this->buf = (char *)alloca(8);
	copyinto(0, 8, this->buf);
}

BEGIN
{
	copyinto(0, 8, (void *)curthread);
}

BEGIN
{
	printf("done\n");
	exit(0);
}
