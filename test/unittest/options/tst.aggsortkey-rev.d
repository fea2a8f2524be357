/* @@nosort */
#pragma D option quiet

/* aggsortkey with aggsortrev sorts keys in descending order. */
#pragma D option aggsortkey
#pragma D option aggsortrev

BEGIN
{
	@["a"] = sum(2);
	@["c"] = sum(1);
	@["b"] = sum(3);
	exit(0);
}
