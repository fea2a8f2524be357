/* @@nosort */
#pragma D option quiet

/* min() and max() per key. */
BEGIN
{
	@lo[1] = min(4);
	@lo[1] = min(2);
	@hi[1] = max(4);
	@hi[1] = max(2);
	exit(0);
}
