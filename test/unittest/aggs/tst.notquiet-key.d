/* @@nosort */
/* Without -q, keyed aggregations print the same way at exit. */
BEGIN
{
	@[1, "a"] = sum(2);
	exit(0);
}
