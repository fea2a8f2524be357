/* trace() of an int: %10d after a blank. */
BEGIN
{
	trace(42);
	exit(0);
}
