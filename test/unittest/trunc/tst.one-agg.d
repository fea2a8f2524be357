#pragma D option quiet

/* trunc() affects only its aggregation. */
BEGIN
{
	@a[1] = sum(1);
	@b[2] = sum(2);
	trunc(@a);
	exit(0);
}
