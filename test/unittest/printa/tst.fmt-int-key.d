/* @@nosort */
#pragma D option quiet

/* Formatted printa() with int keys, in value order. */
BEGIN
{
	@[1] = sum(10);
	@[2] = sum(5);
	printa("%d %@d\n", @);
	exit(0);
}
