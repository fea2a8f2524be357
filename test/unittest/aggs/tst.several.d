/* @@nosort */
#pragma D option quiet

/* Several aggregations print one after another, in order. */
BEGIN
{
	@a = count();
	@b = sum(5);
	@c = max(9);
	exit(0);
}
