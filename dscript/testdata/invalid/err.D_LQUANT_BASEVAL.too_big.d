BEGIN
{
	@a = lquantize(1, 0x100000000, 0x100000010); /* ERROR D_LQUANT_BASEVAL "^lquantize\( \) argument #1 must be a 32-bit quantity$" */
}
