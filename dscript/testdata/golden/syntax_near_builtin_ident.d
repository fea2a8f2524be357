BEGIN
{
	x = 1 execname + 2;
}
