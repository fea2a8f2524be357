/* Exercises: Solaris-style D typedefs uchar_t, ushort_t, uint_t, ulong_t, u_longlong_t, pid_t, id_t. */
uchar_t uc;
ushort_t us;
uint_t ui;
ulong_t ul;
u_longlong_t ull;
pid_t p;
id_t who;

BEGIN
{
	uc = 0xff;
	us = 0xffff;
	ui = 0xffffffff;
	ul = 1;
	ull = 2;
	p = pid;
	who = uid;
	printf("%u %u %u %lu %llu %d %d\n", uc, us, ui, ul, ull, p, who);
}
