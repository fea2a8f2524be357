/*
 * @@runtest-opts: -p 2
 * -p of a kernel thread (kthreadd) is refused as libproc refuses a system
 * process.
 */
BEGIN
{
	exit(0);
}
