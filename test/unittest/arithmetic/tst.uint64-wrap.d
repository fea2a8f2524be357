#pragma D option quiet

/* uint64_t wraps below zero. */
uint64_t u;

BEGIN
{
	u = 0;
	u = u - 1;
	printf("%u\n", u);
	exit(0);
}
