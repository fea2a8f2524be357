#pragma D option quiet

/* Unary minus, bitwise and logical negation. */
BEGIN
{
	x = 5;
	printf("%d %d %d %d %d %d\n", -x, ~0, ~x, !0, !x, - -x);
	exit(0);
}
