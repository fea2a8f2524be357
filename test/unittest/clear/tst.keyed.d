/* @@nosort */
#pragma D option quiet

/* clear() zeroes values but keeps keys. */
BEGIN
{
	@a["x"] = sum(5);
	@a["y"] = sum(6);
	clear(@a);
	printa(@a);
	exit(0);
}
