#pragma D option quiet

/* printa() of two aggregations with the same keys. */
BEGIN
{
	@c["k"] = count();
	@s["k"] = sum(40);
	printa("%s %@d %@d\n", @c, @s);
	exit(0);
}
