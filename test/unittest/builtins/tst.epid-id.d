#pragma D option quiet

/* epid and id differ: id is the probe's, epid the enabling's. */
BEGIN
{
	a = epid;
}

BEGIN
{
	printf("%d %d %d\n", a, epid, id);
	exit(0);
}
