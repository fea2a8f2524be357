/* clear() of a value that is not an aggregation. */
BEGIN
{
	clear(1);
}
