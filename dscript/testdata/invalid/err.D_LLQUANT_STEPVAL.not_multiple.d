BEGIN
{
	@a = llquantize(1, 10, 0, 6, 15); /* ERROR D_LLQUANT_STEPVAL "^llquantize\(\) argument #4 \(steps\) must be a multiple of argument #1 \(factor\) when steps>factor$" */
}
