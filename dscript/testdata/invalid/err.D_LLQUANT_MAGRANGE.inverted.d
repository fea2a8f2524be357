BEGIN
{
	@a = llquantize(1, 10, 6, 0, 20); /* ERROR D_LLQUANT_MAGRANGE "^llquantize\( \) high magnitude \(argument #3\) must be greater than low magnitude \(argument #2\)$" */
}
