/*
 * @@runtest-opts: -w
 * breakpoint() is never compiled: there is no kernel debugger to enter.
 */
BEGIN
{
	breakpoint();
}
