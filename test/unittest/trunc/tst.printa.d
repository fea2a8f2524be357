#pragma D option quiet

/* printa() after trunc(). */
BEGIN
{
	@a["x"] = sum(10);
	@a["y"] = sum(20);
	@a["z"] = sum(30);
	trunc(@a, 1);
	printa("%s %@d\n", @a);
	exit(0);
}
