BEGIN
{
	@a = lquantize(1, 0, timestamp); /* ERROR D_LQUANT_LIMTYPE "^lquantize\( \) argument #2 must be an integer constant$" */
}
