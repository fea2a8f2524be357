/* @@nosort */
#pragma D option quiet

/*
 * Data speculated to a speculation never claimed is dropped, silently, and
 * committing or discarding it does nothing.
 */
BEGIN
{
	speculate(1);
	printf("never printed\n");
}

BEGIN
{
	commit(1);
	discard(1);
}

BEGIN
{
	printf("%d\n", speculation());
	exit(0);
}
