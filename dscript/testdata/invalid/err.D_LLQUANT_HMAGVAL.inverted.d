BEGIN
{
	@a = llquantize(1, 10, 6, 0, 20); /* ERROR D_LLQUANT_HMAGVAL "^llquantize\( \) argument #3 \(high magnitude\) must be at least argument #2 \(low magnitude\)$" */
}
