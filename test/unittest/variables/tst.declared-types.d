#pragma D option quiet

/* Declared globals keep their type on assignment. */
unsigned char c;
short s;
long long l;

BEGIN
{
	c = 257;
	s = 32768;
	l = 1LL << 40;
	printf("%d %d %d\n", c, s, l);
	exit(0);
}
