/* A clause with only exit() still prints the probe line without -q. */
BEGIN
{
	exit(0);
}
