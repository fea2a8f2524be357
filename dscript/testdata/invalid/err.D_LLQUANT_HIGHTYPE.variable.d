BEGIN
{
	@a = llquantize(1, 10, 0, timestamp, 20); /* ERROR D_LLQUANT_HIGHTYPE "^llquantize\( \) argument #3 \(high magnitude\) must be an integer constant$" */
}
