#pragma D option quiet

/* exit(1) makes dtrace exit with status 1. */
BEGIN
{
	printf("one\n");
	exit(1);
}
