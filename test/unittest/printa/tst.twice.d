#pragma D option quiet

/* printa() twice prints twice. */
BEGIN
{
	@a = sum(3);
	printa("%@d\n", @a);
	printa("%@d\n", @a);
	exit(0);
}
