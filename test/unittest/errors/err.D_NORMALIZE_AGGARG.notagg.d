/* normalize() of a value that is not an aggregation. */
BEGIN
{
	normalize(1, 2);
}
