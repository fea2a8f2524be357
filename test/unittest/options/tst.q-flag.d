/* @@runtest-opts: -q */
/* -q suppresses the header, the probe lines and the notice. */
BEGIN
{
	trace("quiet");
	exit(0);
}
