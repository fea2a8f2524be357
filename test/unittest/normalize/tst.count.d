#pragma D option quiet

/* normalize() of count(). */
BEGIN
{
	@a = count();
	@a = count();
	@a = count();
	@a = count();
	normalize(@a, 2);
	exit(0);
}
