#pragma D option quiet

/* printa() with two keys. */
BEGIN
{
	@[3, "c"] = max(9);
	printa("%d/%s %@d\n", @);
	exit(0);
}
