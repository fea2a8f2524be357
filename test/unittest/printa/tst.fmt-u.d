#pragma D option quiet

/* printa() with %@u. */
BEGIN
{
	@ = count();
	printa("%@u\n", @);
	exit(0);
}
