BEGIN
{
	@b = count();
	@a[@b] = count();
}
