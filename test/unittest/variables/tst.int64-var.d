#pragma D option quiet

/* A global holding arg-sized 64-bit values. */
BEGIN
{
	x = 0x7fffffffffffffffLL;
	printf("%d\n", x);
	exit(0);
}
