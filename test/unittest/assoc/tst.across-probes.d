#pragma D option quiet

/* An element set in BEGIN is read in a tick probe. */
BEGIN
{
	a[probename] = 42;
}

tick-10ms
{
	printf("%d\n", a["BEGIN"]);
	exit(0);
}
