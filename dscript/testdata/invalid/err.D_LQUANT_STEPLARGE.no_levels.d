BEGIN
{
	@a = lquantize(1, 0, 10, 20); /* ERROR D_LQUANT_STEPLARGE "^lquantize\( \) step \(argument #3\) too large: must have at least one quantization level$" */
}
