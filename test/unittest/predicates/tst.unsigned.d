#pragma D option quiet

/* A predicate on an unsigned comparison. */
unsigned int u;

BEGIN
{
	u = 0xfffffff0;
}

BEGIN
/u > 100/
{
	printf("big\n");
	exit(0);
}
