/*
 * @@runtest-opts: -w
 * panic() is never compiled: dtrace-go does not crash the kernel.
 */
BEGIN
{
	panic();
}
