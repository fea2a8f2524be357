BEGIN
{
	@a = lquantize(1, 0, 10, 1);
	@a = lquantize(1, 1, 11, 1); /* ERROR D_LQUANT_MATCHBASE "^lquantize\( \) base \(argument #1\) doesn't match previous declaration: expected 0, found 1$" */
}
