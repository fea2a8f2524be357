#pragma D option quiet

/* trace() of strings under quiet prints them bare. */
BEGIN
{
	trace("abc");
	trace("def");
	trace("\n");
	exit(0);
}
