#pragma D option quiet

/*
 * A shift count is taken modulo 64, as DTrace's BPF shifts: a negative
 * count or one of 64 or more is not refused, whether constant or not.
 */
long one;
int n;

BEGIN
{
	one = 1;
	n = -1;
	printf("%d %d %d\n", one << -1, one << 65, one << n);
	printf("%d %d\n", (one << 63) >> 64, -8 >> 65);
	n = 66;
	one <<= n;
	printf("%d\n", one);
	exit(0);
}
