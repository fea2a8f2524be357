/* Without -q a tick firing prints its probe line. */
tick-10ms
{
	exit(0);
}
