/* @@nosort */
#pragma D option quiet

/* setopt() in BEGIN applies to the aggregations printed at the end. */
BEGIN
{
	setopt("aggsortrev");
	@[1] = count();
	@[2] = count();
	@[2] = count();
	@[3] = count();
	@[3] = count();
	@[3] = count();
	exit(0);
}
