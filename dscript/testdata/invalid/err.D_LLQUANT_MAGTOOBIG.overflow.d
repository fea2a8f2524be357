BEGIN
{
	@a = llquantize(1, 10, 0, 20, 20); /* ERROR D_LLQUANT_MAGTOOBIG "^llquantize\( \) factor \(10\) raised to power of high magnitude \(20\) (plus 1 )?overflows 64-bits$" */
}
