BEGIN
{
	@a = llquantize(1, 1, 0, 6, 20); /* ERROR D_LLQUANT_FACTORVAL "^llquantize\( \) argument #1 must be an unsigned 16-bit quantity greater than or equal to 2$" */
}
