/* A symbol the kernel does not list. @@timeout: 120 */
BEGIN
{
	trace(`no_such_kernel_symbol);
}
