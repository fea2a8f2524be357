BEGIN
{
	a[1] = 1;
	trace(a);
}
