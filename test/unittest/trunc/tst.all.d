#pragma D option quiet

/* trunc() without a count removes every entry. */
BEGIN
{
	@a[1] = sum(1);
	@a[2] = sum(2);
	trunc(@a);
	exit(0);
}
