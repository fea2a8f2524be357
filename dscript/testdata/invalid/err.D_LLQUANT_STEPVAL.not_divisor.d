BEGIN
{
	@a = llquantize(1, 10, 0, 6, 3); /* ERROR D_LLQUANT_STEPVAL "^llquantize\(\) argument #4 \(steps\) must evenly divide argument #1 \(factor\) when steps<factor$" */
}
