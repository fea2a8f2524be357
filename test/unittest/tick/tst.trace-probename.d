/* trace(probename) without -q. */
tick-10ms
{
	trace(probename);
	exit(0);
}
