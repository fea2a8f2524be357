/* @@nosort */
/* Each clause prints its own line with its own records. */
BEGIN
{
	trace("a");
}

BEGIN
{
	trace("b");
	exit(0);
}
