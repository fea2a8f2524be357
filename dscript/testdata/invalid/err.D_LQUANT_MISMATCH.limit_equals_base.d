BEGIN
{
	@a = lquantize(1, 5, 5); /* ERROR D_LQUANT_MISMATCH "^lquantize\( \) base \(argument #1\) must be less than limit \(argument #2\)$" */
}
