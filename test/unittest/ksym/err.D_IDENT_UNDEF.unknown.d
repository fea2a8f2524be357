/* A symbol the kernel does not list. */
BEGIN
{
	trace(`no_such_kernel_symbol);
}
