#pragma D option quiet

/* Struct members of every integer width, signed and unsigned. */
struct widths {
	char c;
	unsigned char uc;
	short s;
	unsigned short us;
	int i;
	unsigned int ui;
	long long ll;
	unsigned long long ull;
};

struct widths w;

BEGIN
{
	w.c = -3;
	w.uc = 257;
	w.s = -300;
	w.us = -1;
	w.i = -70000;
	w.ui = 4000000000;
	w.ll = -5000000000;
	w.ull = 0xfedcba9876543210;
	printf("%d %d %d %d\n", w.c, w.uc, w.s, w.us);
	printf("%d %u %d %u\n", w.i, w.ui, w.ll, w.ull);
	exit(0);
}
