BEGIN
{
	@a = llquantize(1, 10, 0, 6, 15); /* ERROR D_LLQUANT_FACTOREVEN "^llquantize\( \) factor \(argument #1\) must evenly divide the number of steps per magnitude \(argument #4\), and the number of steps per magnitude must evenly divide a power of the factor$" */
}
