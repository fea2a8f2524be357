/* trace() of struct members prints each by the member's type. */
struct widths {
	char c;
	unsigned char uc;
	short s;
	int i;
	unsigned int ui;
	long long ll;
};

struct widths w;

BEGIN
{
	w.c = -2;
	w.uc = 254;
	w.s = -7;
	w.i = -70000;
	w.ui = 4000000000;
	w.ll = -5000000000;
	trace(w.c);
	trace(w.uc);
	trace(w.s);
	trace(w.i);
	trace(w.ui);
	trace(w.ll);
	exit(0);
}
