/* trace() of a short: %5hd. */
BEGIN
{
	trace((short)-7);
	exit(0);
}
