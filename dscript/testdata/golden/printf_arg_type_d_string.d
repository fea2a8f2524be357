BEGIN
{
	printf("%d", "s");
}
