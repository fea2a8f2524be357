BEGIN
{
	@a = llquantize(1, 2, 1, 6, 8); /* ERROR D_LLQUANT_STEPVAL "^llquantize\(\) argument #4 \(steps\) must evenly divide pow\(argument #1 \(factor\), lmag \(argument #2\) \+ 1\) when steps>factor and lmag>0$" */
}
