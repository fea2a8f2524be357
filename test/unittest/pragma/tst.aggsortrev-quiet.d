/* @@nosort */
/* Two pragmas. */
#pragma D option quiet
#pragma D option aggsortrev

BEGIN
{
	@[1] = count();
	@[2] = count();
	@[2] = count();
	exit(0);
}
