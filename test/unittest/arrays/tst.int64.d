#pragma D option quiet

/* 64-bit elements keep all their bits, signed and unsigned. */
long long s[3];
uint64_t u[3];

BEGIN
{
	s[0] = 0x7fffffffffffffff;
	s[1] = -5000000000;
	i = 2;
	s[i] = s[1] * 2;
	u[0] = 0xfedcba9876543210;
	u[i] = 1ULL << 63;
	printf("%d %d %d\n", s[0], s[1], s[i]);
	printf("%u %x %u\n", u[0], u[0], u[2]);
	exit(0);
}
