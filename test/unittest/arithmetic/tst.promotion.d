#pragma D option quiet

/*
 * D promotes nothing to int: char + char is a char (the operand of higher
 * rank gives the type), computed in 64 bits and truncated to a char where
 * it is recorded. A char and a short give a short; an int and an unsigned
 * int an unsigned int.
 */
BEGIN
{
	c = (char)100;
	s = (short)30000;
	printf("%d %d %d\n", c + c, s + c, s + s);
	printf("%d %d\n", sizeof (c + c), sizeof (s + c));
	u = 1U;
	printf("%d\n", -1 < u);
	exit(0);
}
