/*
 * @@nosort
 * Without -q, the dump follows the firing's columns on a line of its own.
 */
BEGIN
{
	this->p = (char *)alloca(4);
	this->p[0] = 0x61;
	tracemem(this->p, 4);
	exit(0);
}
