BEGIN
{
	@a = lquantize(1, 0, 0x100000000); /* ERROR D_LQUANT_LIMVAL "^lquantize\( \) argument #2 must be a 32-bit quantity$" */
}
