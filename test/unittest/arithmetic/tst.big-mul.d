#pragma D option quiet

/* 64-bit products of 32-bit-range values held in 64-bit variables. */
BEGIN
{
	x = (long long)100000;
	printf("%d\n", x * x);
	exit(0);
}
