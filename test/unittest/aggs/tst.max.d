#pragma D option quiet

/* max(). */
BEGIN
{
	@m = max(5);
	@m = max(-3);
	@m = max(10);
	exit(0);
}
