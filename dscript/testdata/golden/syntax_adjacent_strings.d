BEGIN
{
	trace("a" "b");
}
