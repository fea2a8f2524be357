/* @@nosort */
#pragma D option quiet

/* count() keyed by an int: %8d keys. */
BEGIN
{
	@[1] = count();
	@[2] = count();
	@[2] = count();
	exit(0);
}
