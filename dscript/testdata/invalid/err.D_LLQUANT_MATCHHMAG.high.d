BEGIN
{
	@a = llquantize(1, 10, 0, 6, 20);
	@a = llquantize(1, 10, 0, 7, 20); /* ERROR D_LLQUANT_MATCHHMAG "^llquantize\(\) hmag \(argument #3\) doesn.t match previous declaration: expected 6, found 7$" */
}
