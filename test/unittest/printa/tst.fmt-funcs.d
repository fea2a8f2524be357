/* @@nosort */
#pragma D option quiet

/* printa() of avg, min and max values. */
BEGIN
{
	@a = avg(10);
	@a = avg(20);
	@mn = min(-4);
	@mx = max(8);
	printa("avg %@d\n", @a);
	printa("min %@d\n", @mn);
	printa("max %@d\n", @mx);
	exit(0);
}
