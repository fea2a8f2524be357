BEGIN
{
	@a = llquantize(1, 10, 0, 6, 5); /* ERROR D_LLQUANT_FACTORNSTEPS "^llquantize\( \) factor \(argument #1\) must be less than or equal to the number of linear steps per magnitude \(argument #4\)$" */
}
