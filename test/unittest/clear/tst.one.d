/* @@nosort */
#pragma D option quiet

/* clear() affects only its aggregation. */
BEGIN
{
	@a[1] = sum(10);
	@b[2] = sum(20);
	clear(@a);
	printa(@a);
	printa(@b);
	exit(0);
}
