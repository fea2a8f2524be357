/*
 * @@runtest-opts: -x destructive
 * -x destructive is -w.
 */
BEGIN
{
	system("echo allowed");
	exit(0);
}
