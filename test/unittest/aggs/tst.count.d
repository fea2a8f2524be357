#pragma D option quiet

/* count() without keys. */
BEGIN
{
	@a = count();
	@a = count();
	@a = count();
	exit(0);
}
