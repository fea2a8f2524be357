/*
 * @@runtest-opts: -w
 * -w prints "allowing destructive actions" once tracing is enabled, with or
 * without destructive actions.
 */
BEGIN
{
	exit(0);
}
