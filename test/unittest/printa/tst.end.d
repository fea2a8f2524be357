#pragma D option quiet

/* printa() in END after aggregating in BEGIN. */
BEGIN
{
	@a["k"] = sum(2);
	@a["k"] = sum(3);
	exit(0);
}

END
{
	printa("%s %@d\n", @a);
}
