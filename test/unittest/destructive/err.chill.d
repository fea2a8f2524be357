/* chill() needs -w. */
BEGIN
{
	chill(1);
	exit(0);
}
