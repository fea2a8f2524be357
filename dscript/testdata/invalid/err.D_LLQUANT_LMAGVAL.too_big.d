BEGIN
{
	@a = llquantize(1, 10, 65536, 6, 20); /* ERROR D_LLQUANT_LMAGVAL "^llquantize\( \) argument #2 must be an unsigned 16-bit quantity$" */
}
