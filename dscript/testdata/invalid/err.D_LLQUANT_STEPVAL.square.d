BEGIN
{
	@a = llquantize(1, 10, 0, 6, 200); /* ERROR D_LLQUANT_STEPVAL "^llquantize\(\) argument #4 \(steps\) must evenly divide the square of argument #1 \(factor\) when steps>factor and lmag==0$" */
}
