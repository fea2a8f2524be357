BEGIN
{
	@a = llquantize(1, 10, timestamp, 6, 20); /* ERROR D_LLQUANT_LMAGTYPE "^llquantize\( \) argument #2 must be an integer constant$" */
}
