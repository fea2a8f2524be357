/* trace() of a string without -q: two blanks, then %-33s. */
BEGIN
{
	trace("hello");
	exit(0);
}
