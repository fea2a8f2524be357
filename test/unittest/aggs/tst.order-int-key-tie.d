/* @@nosort */
#pragma D option quiet

/* Integer keys with equal values print in key order. */
BEGIN
{
	@[30] = sum(7);
	@[10] = sum(7);
	@[20] = sum(7);
	exit(0);
}
