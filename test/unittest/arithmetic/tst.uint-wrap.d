#pragma D option quiet

/* unsigned int wraps below zero. */
unsigned int u;

BEGIN
{
	u = 0;
	u = u - 1;
	printf("%u\n", u);
	exit(0);
}
