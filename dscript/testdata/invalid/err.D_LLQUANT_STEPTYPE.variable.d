BEGIN
{
	@a = llquantize(1, 10, 0, 6, timestamp); /* ERROR D_LLQUANT_STEPTYPE "^llquantize\( \) argument #4 must be a non-zero positive integer constant$" */
}
