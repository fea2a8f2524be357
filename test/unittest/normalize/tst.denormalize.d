#pragma D option quiet

/* denormalize() restores the raw values. */
BEGIN
{
	@a = sum(100);
	normalize(@a, 10);
	denormalize(@a);
	exit(0);
}
