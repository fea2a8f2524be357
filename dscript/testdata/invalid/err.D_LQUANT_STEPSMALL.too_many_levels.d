BEGIN
{
	@a = lquantize(1, 0, 100000, 1); /* ERROR D_LQUANT_STEPSMALL "^lquantize\( \) step \(argument #3\) too small: number of quantization levels must be a 16-bit quantity$" */
}
