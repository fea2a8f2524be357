/* trace() of an unsigned int: %10u. */
BEGIN
{
	trace((unsigned int)4000000000);
	exit(0);
}
