/* @@nosort */
#pragma D option quiet

/* aggsortkey sorts entries by key. */
#pragma D option aggsortkey

BEGIN
{
	@[3] = sum(1);
	@[1] = sum(3);
	@[2] = sum(2);
	exit(0);
}
