BEGIN
{
	@a = llquantize(1, 10, 0, 6, 20);
	@a = llquantize(1, 10, 0, 7, 20); /* ERROR D_LLQUANT_HIGHMATCH "^llquantize\( \) high magnitude \(argument #3\) doesn't match previous declaration: expected 6, found 7$" */
}
