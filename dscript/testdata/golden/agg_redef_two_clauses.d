BEGIN
{
	@a = count();
}

END
{
	@a = max(0);
}
