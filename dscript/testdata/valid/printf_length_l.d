/* Exercises: l and ll length modifiers %ld %li %lo %lu %lx %lX %lld %lli %llo %llu %llx %llX, and %lc. */
#pragma D option quiet

BEGIN
{
	l = (long)-5;
	ul = (unsigned long)5;
	ll = (long long)-6;
	ull = (unsigned long long)6;
	printf("%ld %li %lo %lu %lx %lX\n", l, l, ul, ul, l, l);
	printf("%lld %lli %llo %llu %llx %llX\n", ll, ll, ull, ull, ll, ll);
	printf("%lc\n", (int)'x');
	exit(0);
}
