BEGIN
{
	@a = count();
	printa("%@s", @a);
}
