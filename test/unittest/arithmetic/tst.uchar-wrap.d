#pragma D option quiet

/* An unsigned char variable wraps at 256. */
unsigned char c;

BEGIN
{
	c = 255;
	c++;
	printf("%d\n", c);
	exit(0);
}
