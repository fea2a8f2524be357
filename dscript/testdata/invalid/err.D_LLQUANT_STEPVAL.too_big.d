BEGIN
{
	@a = llquantize(1, 10, 0, 6, 65536); /* ERROR D_LLQUANT_STEPVAL "^llquantize\( \) argument #4 must be an unsigned 16-bit quantity$" */
}
