BEGIN
{
	x = 09;
}
