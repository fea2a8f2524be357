/* @@nosort */
/* Aggregating is not data-recording: only the exit() clause prints a probe line. */
BEGIN
{
	@a = count();
}

BEGIN
{
	exit(0);
}
