/* Exercises: an empty translator body and a translator from an integer input. */
struct nothing {
	int x;
};

struct boxed {
	uint64_t v;
	uint64_t doubled;
};

translator struct nothing < int unused > { };

translator struct boxed < uint64_t n > {
	v = n;
	doubled = n * 2;
};

syscall::read:entry
{
	@ = sum(xlate <struct boxed> ((uint64_t)arg2).doubled);
}
