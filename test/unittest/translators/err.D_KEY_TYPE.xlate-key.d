/* A pointer to translated data is of dynamic type: no aggregation key. */
BEGIN
{
	@[curpsinfo] = count();
	exit(0);
}
