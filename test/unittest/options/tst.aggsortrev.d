/* @@nosort */
#pragma D option quiet

/* aggsortrev reverses the value order. */
#pragma D option aggsortrev

BEGIN
{
	@["a"] = sum(1);
	@["b"] = sum(3);
	@["c"] = sum(2);
	exit(0);
}
