/* @@nosort */
/* Two clauses on BEGIN: two probe lines, two matched probes. */
BEGIN
{
	trace(1);
}

BEGIN
{
	trace(2);
	exit(0);
}
