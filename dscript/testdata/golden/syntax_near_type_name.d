BEGIN
{
	x = 1 uint64_t + 2;
}
