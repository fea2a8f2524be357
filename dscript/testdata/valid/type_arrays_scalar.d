/* Exercises: declared global scalar arrays (fixed size) with constant indexes. */
int hist[8];
char name[32];
uint64_t counters[4];

BEGIN
{
	hist[0] = 1;
	hist[7] = hist[0] + 1;
	counters[3] = 100;
	printf("%d %d %d\n", hist[0], hist[7], counters[3]);
}
