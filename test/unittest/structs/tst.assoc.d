#pragma D option quiet

/* An associative array of structs: an element springs into existence zero-filled when first used. */
struct callinfo {
	uint64_t calls;
	uint64_t bytes;
	int last;
};

struct callinfo ci[string];

BEGIN
{
	ci["read"].calls++;
	ci["read"].bytes += 100;
	ci["read"].calls++;
	ci["read"].bytes += 50;
	ci["write"].calls++;
	ci["write"].last = -1;
	k = "write";
	printf("%d %d %d %d %d %d\n", ci["read"].calls, ci["read"].bytes,
	    ci[k].calls, ci[k].last, ci["none"].calls, ci["none"].bytes);
	exit(0);
}
