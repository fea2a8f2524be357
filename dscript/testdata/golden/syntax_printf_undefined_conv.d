BEGIN
{
	printf("%v");
}
