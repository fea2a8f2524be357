#pragma D option quiet

/* Bitwise and, or, xor. */
BEGIN
{
	a = 0xf0;
	b = 0x3c;
	printf("%d %d %d\n", a & b, a | b, a ^ b);
	exit(0);
}
