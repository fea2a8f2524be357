/* BEGIN fires once, before any other probe; exit(0) ends the run. */
BEGIN
{
	trace(1);
	exit(0);
}
