BEGIN
{
	@a = llquantize(1, 10, 0, 6, 20);
	@a = llquantize(1, 2, 0, 6, 4); /* ERROR D_LLQUANT_MATCHFACTOR "^llquantize\(\) factor \(argument #1\) doesn.t match previous declaration: expected 10, found 2$" */
}
