BEGIN
{
	@a = count();
	@a;
}
