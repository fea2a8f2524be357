/* @@nosort */
#pragma D option quiet

/* Entries print in ascending value order. */
BEGIN
{
	@["x"] = sum(3);
	@["y"] = sum(1);
	@["z"] = sum(2);
	exit(0);
}
