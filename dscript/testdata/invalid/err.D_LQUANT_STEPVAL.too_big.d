BEGIN
{
	@a = lquantize(1, 0, 10000000, 65536); /* ERROR D_LQUANT_STEPVAL "^lquantize\( \) argument #3 must be a 16-bit quantity$" */
}
