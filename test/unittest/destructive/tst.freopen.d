/*
 * @@runtest-opts: -wq
 * @@nosort
 * freopen() sends what follows to a file, appending; freopen("") brings it
 * back. system() output follows the output.
 */
BEGIN
{
	printf("before\n");
	freopen("/tmp/dtrace-go-freopen.%d", $pid);
	printf("in the file\n");
	system("echo command in the file");
	freopen("");
	printf("after\n");
	system("cat /tmp/dtrace-go-freopen.%d; rm -f /tmp/dtrace-go-freopen.%d", $pid, $pid);
	exit(0);
}
