#pragma D option quiet

/*
 * trunc() with the smallest 64-bit count: its magnitude wraps, as in
 * DTrace's arithmetic, and every entry stays.
 */
BEGIN
{
	@a[1] = sum(10);
	@a[2] = sum(20);
	trunc(@a, -9223372036854775807 - 1);
	exit(0);
}
