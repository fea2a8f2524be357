BEGIN
{
	@a = lquantize(1, 0, 10, 1);
	@a = lquantize(1, 0, 20, 1); /* ERROR D_LQUANT_MATCHLIM "^lquantize\( \) limit \(argument #2\) doesn't match previous declaration: expected 10, found 20$" */
}
