#pragma D option quiet

/* A long long key: %16lld. */
BEGIN
{
	@[(long long)5] = sum(1);
	@[(long long)-5] = sum(2);
	exit(0);
}
