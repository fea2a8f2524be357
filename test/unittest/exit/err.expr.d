#pragma D option quiet

/* exit() takes an expression. */
BEGIN
{
	x = 3;
	exit(x - 2);
}
