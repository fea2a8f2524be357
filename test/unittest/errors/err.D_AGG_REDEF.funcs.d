/* An aggregation used with two different functions. */
BEGIN
{
	@a = count();
	@a = sum(1);
}
