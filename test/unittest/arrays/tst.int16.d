#pragma D option quiet

/* short and unsigned short elements. */
short s[2];
unsigned short u[2];

BEGIN
{
	s[0] = 70000;
	s[1] = -32769;
	u[0] = -1;
	u[1] = 65537;
	printf("%d %d %d %d\n", s[0], s[1], u[0], u[1]);
	exit(0);
}
