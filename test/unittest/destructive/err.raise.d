/* raise() needs -w. */
BEGIN
{
	raise(10);
	exit(0);
}
