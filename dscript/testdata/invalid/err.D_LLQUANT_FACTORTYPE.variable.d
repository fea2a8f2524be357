BEGIN
{
	@a = llquantize(1, timestamp, 0, 6, 20); /* ERROR D_LLQUANT_FACTORTYPE "^llquantize\( \) argument #1 must be an integer constant$" */
}
