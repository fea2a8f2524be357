/* @@nosort */
/* Without -q, BEGIN and END each print a probe line. */
BEGIN
{
	exit(0);
}

END
{
	trace(2);
}
