#pragma D option quiet

/* printa() of a normalized aggregation. */
BEGIN
{
	@a["k"] = sum(600);
	normalize(@a, 60);
	printa("%s %@d\n", @a);
	exit(0);
}
