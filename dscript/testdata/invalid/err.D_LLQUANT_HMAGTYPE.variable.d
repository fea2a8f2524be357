BEGIN
{
	@a = llquantize(1, 10, 0, timestamp, 20); /* ERROR D_LLQUANT_HMAGTYPE "^llquantize\( \) argument #3 must be an integer constant$" */
}
