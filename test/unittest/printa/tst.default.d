/* @@nosort */
#pragma D option quiet

/* printa() without a format prints an empty line, then the entries; the aggregation is not printed again at exit. */
BEGIN
{
	@a = count();
	printa(@a);
	exit(0);
}
