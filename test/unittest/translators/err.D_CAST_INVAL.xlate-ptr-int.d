/* A pointer to translated data is of dynamic type: it casts to no integer. */
BEGIN
{
	x = (uint64_t)curpsinfo;
	exit(0);
}
