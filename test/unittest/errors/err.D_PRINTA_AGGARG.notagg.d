/* printa() of a value that is not an aggregation. */
BEGIN
{
	printa("%d", 1);
}
