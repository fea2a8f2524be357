BEGIN
{
	@a = lquantize(1, 0, 10, 0); /* ERROR D_LQUANT_STEPTYPE "^lquantize\( \) argument #3 must be a non-zero positive integer constant$" */
}
