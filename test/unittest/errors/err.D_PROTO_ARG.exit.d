/* exit() needs an integer. */
BEGIN
{
	exit("a");
}
