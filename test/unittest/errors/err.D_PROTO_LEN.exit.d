/* exit() needs one argument. */
BEGIN
{
	exit();
}
