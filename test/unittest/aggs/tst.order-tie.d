/* @@nosort */
#pragma D option quiet

/* Entries with equal values print in key order. */
BEGIN
{
	@["c"] = count();
	@["a"] = count();
	@["b"] = count();
	exit(0);
}
