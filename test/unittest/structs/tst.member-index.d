#pragma D option quiet

/* Array members indexed by variables. */
struct hist {
	int buckets[8];
	int count;
};

struct hist h;

BEGIN
{
	i = 0;
}

tick-10ms
/i < 8/
{
	h.buckets[i] = i * 10;
	h.buckets[i / 2]++;
	h.count++;
	i++;
}

tick-10ms
/i == 8/
{
	printf("%d: %d %d %d %d %d %d %d %d\n", h.count, h.buckets[0], h.buckets[1],
	    h.buckets[2], h.buckets[3], h.buckets[4], h.buckets[5], h.buckets[6],
	    h.buckets[7]);
	exit(0);
}
