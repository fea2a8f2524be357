BEGIN
{
	@a = llquantize(1, 1, 0, 6, 20); /* ERROR D_LLQUANT_FACTORSMALL "^llquantize\( \) factor \(argument #1\) must be two or more$" */
}
