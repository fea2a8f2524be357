BEGIN
{
	@a = llquantize(1, 10, 0, 19, 20); /* ERROR D_LLQUANT_HMAGVAL "^llquantize\( \) argument #3 \(high magnitude\) will cause overflow of 64 bits$" */
}
