#pragma D option quiet

/* %lld, %llu and %llx. */
BEGIN
{
	printf("%lld %llu %llx\n", (long long)-1, (unsigned long long)-1, (long long)0xdeadbeefcafeLL);
	exit(0);
}
