#pragma D option quiet

/* sum() of positive and negative values. */
BEGIN
{
	@s = sum(10);
	@s = sum(-3);
	exit(0);
}
