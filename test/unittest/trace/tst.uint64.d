/* trace() of a uint64_t: %20lu. */
BEGIN
{
	trace((uint64_t)-1);
	exit(0);
}
