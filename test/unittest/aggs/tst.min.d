#pragma D option quiet

/* min(). */
BEGIN
{
	@m = min(5);
	@m = min(-3);
	@m = min(10);
	exit(0);
}
