/* @@nosort */
#pragma D option quiet

/* clear() of an aggregation without keys. */
BEGIN
{
	@a = count();
	clear(@a);
	printa(@a);
	exit(0);
}
