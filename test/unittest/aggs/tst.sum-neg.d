#pragma D option quiet

/* A negative sum. */
BEGIN
{
	@s = sum(-10);
	exit(0);
}
