#pragma D option aggsize=16

/*
 * An aggsize that cannot hold one key and value of the largest
 * aggregation refuses to start (libdtrace's EDT_BUFTOOSMALL).
 */
BEGIN
{
	@a[1, 2, 3] = sum(1);
	exit(0);
}
