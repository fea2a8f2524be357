BEGIN
{
	@a = llquantize(1, 10, 0, 6, 20);
	@a = llquantize(1, 10, 1, 6, 20); /* ERROR D_LLQUANT_MATCHLMAG "^llquantize\(\) lmag \(argument #2\) doesn.t match previous declaration: expected 0, found 1$" */
}
