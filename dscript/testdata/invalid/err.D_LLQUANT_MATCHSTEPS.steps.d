BEGIN
{
	@a = llquantize(1, 10, 0, 6, 20);
	@a = llquantize(1, 10, 0, 6, 10); /* ERROR D_LLQUANT_MATCHSTEPS "^llquantize\(\) steps \(argument #4\) doesn.t match previous declaration: expected 20, found 10$" */
}
