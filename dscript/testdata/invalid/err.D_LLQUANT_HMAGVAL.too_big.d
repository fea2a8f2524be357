BEGIN
{
	@a = llquantize(1, 10, 0, 65536, 20); /* ERROR D_LLQUANT_HMAGVAL "^llquantize\( \) argument #3 must be an unsigned 16-bit quantity$" */
}
