#pragma D option quiet

/* A cleared aggregation through a formatted printa(). */
BEGIN
{
	@s["k"] = sum(99);
	clear(@s);
	printa("%s %@d\n", @s);
	exit(0);
}
