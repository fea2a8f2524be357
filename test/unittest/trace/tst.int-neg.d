/* trace() of a negative int. */
BEGIN
{
	trace(-42);
	exit(0);
}
