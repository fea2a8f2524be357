BEGIN
{
	@a = llquantize(1, 10, 65536, 6, 20); /* ERROR D_LLQUANT_LOWVAL "^llquantize\( \) argument #2 \(low magnitude\) must be an unsigned 16-bit quantity$" */
}
