#pragma D option quiet

/* char operands are promoted to int. */
BEGIN
{
	c = (char)100;
	printf("%d\n", c + c);
	exit(0);
}
