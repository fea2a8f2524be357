/*
 * @@runtest-opts: -p 1073741824
 * -p of a process that does not exist (beyond any pid_max).
 */
BEGIN
{
	exit(0);
}
