/* trace() of an expression. */
BEGIN
{
	x = 6;
	trace(x * 7);
	exit(0);
}
