#pragma D option quiet

/* normalize() uses integer division. */
BEGIN
{
	@a = sum(7);
	normalize(@a, 2);
	exit(0);
}
