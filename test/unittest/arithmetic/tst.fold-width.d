#pragma D option quiet

/*
 * Constant expressions fold as DTrace folds them: in 64 bits, with the
 * result's type, truncated only by casts and where the value is recorded,
 * so that each folded value is the one computed at run time (right).
 */
BEGIN
{
	one = 1;
	big = 0x7fffffff;
	s40 = 40;
	printf("%d %d\n", ((int)0x7fffffff + 1) / 2, ((int)big + 1) / 2);
	printf("%d %d\n", (1 << 40) >> 38, (one << s40) >> 38);
	printf("%d %d\n", 0x80000000 * 2 > 0, ((unsigned)big + 1) * 2 > 0);
	printf("%u %u\n", ~0U >> 1, ~(unsigned)0 >> one);
	printf("%d %d\n", -1U, -(unsigned)one);
	exit(0);
}
