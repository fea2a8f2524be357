/* trace() of an unsigned short: %5hu. */
BEGIN
{
	trace((unsigned short)65535);
	exit(0);
}
