/*
 * @@runtest-opts: -c /nonexistent/command
 * A command that cannot be found is reported before anything is compiled.
 */
BEGIN
{
	exit(0);
}
