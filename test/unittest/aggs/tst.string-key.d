/* @@nosort */
#pragma D option quiet

/* count() keyed by a string: %-50s keys. */
BEGIN
{
	@["a"] = count();
	@["b"] = count();
	@["b"] = count();
	exit(0);
}
