BEGIN
{
	@a[1] = count();
	@b = count();
	printa(@a, @b);
}
