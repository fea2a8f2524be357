/*
 * @@runtest-opts: -w
 * @@nosort
 * Without -q, the firing's columns come first, then the command's output.
 */
BEGIN
{
	system("echo hello");
	exit(0);
}
