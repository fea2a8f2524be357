#pragma D option quiet

/* %x of negative values, by width. */
BEGIN
{
	printf("%x %x\n", -1, (long long)-1);
	exit(0);
}
