/* trunc() of a value that is not an aggregation. */
BEGIN
{
	trunc(1);
}
