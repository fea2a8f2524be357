/* @@nosort */
#pragma D option quiet

/* aggsortkey sorts integer keys as unsigned values. */
#pragma D option aggsortkey

BEGIN
{
	@[-1] = count();
	@[2] = count();
	@[0] = count();
	exit(0);
}
