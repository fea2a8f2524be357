BEGIN
{
	@a = lquantize(1, 0, 10, 1);
	@a = lquantize(1, 0, 10, 2); /* ERROR D_LQUANT_MATCHSTEP "^lquantize\( \) step \(argument #3\) doesn't match previous declaration: expected 1, found 2$" */
}
