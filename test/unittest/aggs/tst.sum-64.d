#pragma D option quiet

/* sum() beyond 32 bits. */
BEGIN
{
	@ = sum(3000000000);
	@ = sum(3000000000);
	exit(0);
}
