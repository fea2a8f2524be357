BEGIN
{
	@a = llquantize(1, 10, timestamp, 6, 20); /* ERROR D_LLQUANT_LOWTYPE "^llquantize\( \) argument #2 \(low magnitude\) must be an integer constant$" */
}
