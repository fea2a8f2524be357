#pragma D option quiet

/* normalize() divides the values. */
BEGIN
{
	@a = sum(100);
	normalize(@a, 10);
	exit(0);
}
