#pragma D option quiet

/* char elements are signed bytes, unsigned char ones unsigned: stored values are truncated to 8 bits and extended back by their type. */
char c[4];
unsigned char u[4];
int8_t s8[2];

BEGIN
{
	c[0] = -1;
	c[1] = 200;
	c[2] = 0x17f;
	u[0] = -1;
	u[1] = 300;
	i = 1;
	s8[i] = 129;
	printf("%d %d %d %d %d %d\n", c[0], c[1], c[2], u[0], u[i], s8[i]);
	printf("%d %d\n", c[0] < 0, u[0] < 0);
	exit(0);
}
