BEGIN
{
	timestamp(1);
}
