BEGIN
{
	@a = lquantize(1, timestamp, 10); /* ERROR D_LQUANT_BASETYPE "^lquantize\( \) argument #1 must be an integer constant$" */
}
