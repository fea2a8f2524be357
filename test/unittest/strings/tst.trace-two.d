/* Two strings traced without -q, each padded to 33. */
BEGIN
{
	trace("a");
	trace("b");
	exit(0);
}
