/* BEGIN passes no arguments: args[0] is out of range. */
BEGIN
{
	trace(args[0]);
	exit(0);
}
