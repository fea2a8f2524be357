/* Comparing a string with an integer. */
BEGIN
{
	x = "a" == 1;
}
