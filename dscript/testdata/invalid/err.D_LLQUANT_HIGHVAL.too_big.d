BEGIN
{
	@a = llquantize(1, 10, 0, 65536, 20); /* ERROR D_LLQUANT_HIGHVAL "^llquantize\( \) argument #3 \(high magnitude\) must be an unsigned 16-bit quantity$" */
}
