#pragma D option quiet

/* A predicate using the conditional operator. */
BEGIN
/(1 > 2 ? 0 : 1)/
{
	printf("ok\n");
	exit(0);
}
