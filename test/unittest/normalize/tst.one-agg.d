/* @@nosort */
#pragma D option quiet

/* normalize() affects only its aggregation. */
BEGIN
{
	@a = sum(100);
	@b = sum(100);
	normalize(@a, 4);
	exit(0);
}
