/* trace() with two arguments. */
BEGIN
{
	trace(1, 2);
}
