#pragma D option quiet

/* Formatted printa() of an aggregation without keys. */
BEGIN
{
	@a = sum(12);
	printa("value: %@d\n", @a);
	exit(0);
}
