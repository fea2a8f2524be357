BEGIN
{
	@a = llquantize(1, 10, 0, 6, 20);
	@a = llquantize(1, 2, 0, 6, 16); /* ERROR D_LLQUANT_FACTORMATCH "^llquantize\( \) factor \(argument #1\) doesn't match previous declaration: expected 10, found 2$" */
}
